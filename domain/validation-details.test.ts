import { describe, expect, it } from "vitest";
import en from "#locales/en/errors.json";
import id from "#locales/id/errors.json";
import { requirementText } from "./document-words";
import { DOCUMENT_REQUIREMENTS, requirementKey } from "./documents";
import { CODES } from "./validation";
import { labelRef } from "./validation-codes";
import { apiField, detail, detailOfMessage, detailText, labelText } from "./validation-details";

describe("validation details, worded from the locale files", () => {
  it("words a spec §5 rule from validation.json and an API code from errors.json, in both languages", () => {
    expect(detailText("required", { field: "Nama" }, "id")).toBe("Nama harus diisi");
    expect(detailText("required", { field: "Nama" }, "en-US")).toBe("Nama is required");
    expect(detailText("too_long", { field: "Pencarian", max: 100 }, "en")).toBe("Pencarian may not be longer than 100 characters");
    expect(detailText("invalid_type", { field: "tags", kind: "array" }, "id")).toBe("tags harus berupa daftar");
    expect(detailText("invalid_type", { field: "tags", kind: "__proto__" }, "id")).toBe("tags harus berupa nilai yang benar");
  });

  it("says a label parameter in the language by its key; an unknown code or a missing parameter is undefined", () => {
    const labels = { field: "errors:fields.search" };
    expect(detailText("too_long", { max: 100 }, "en", labels)).toBe("Search may not be longer than 100 characters");
    expect(detailText("too_long", { max: 100 }, "id", labels)).toBe("Pencarian tidak boleh lebih dari 100 karakter");
    expect(detailText("required", {}, "en", { field: "accounts:fields.email" }, (key) => (key === "accounts:fields.email" ? "Email address" : undefined))).toBe(
      "Email address is required",
    );
    expect(labelText("accounts:fields.nik", "id")).toBe("NIK");
    expect(labelText("accounts:fields.no_such", "en")).toBeUndefined();
    expect(detailText("NO_SUCH", {}, "en")).toBeUndefined();
    expect(detailText("toString", {}, "en")).toBeUndefined();
    expect(detailText("too_long", { field: "x" }, "en")).toBeUndefined();
    expect(detailText("required", {}, "en", { field: "accounts:fields.no_such" })).toBeUndefined();
  });

  it("every API detail code and field is translated", () => {
    for (const code of Object.keys(id.details))
      if (code !== "text") expect(en.details[code as keyof typeof en.details], code).not.toBe(id.details[code as keyof typeof id.details]);
    expect(Object.keys(en.fields)).toEqual(Object.keys(id.fields));
  });

  it("reads the code, values and label keys a schema's message carries, and words it in Indonesian", () => {
    const field = CODES.label("accounts:fields.nik", "NIK");
    const message = CODES.message("digits", { field, length: 16 });
    expect(detailOfMessage("nik", message)).toEqual({
      path: "nik",
      code: "digits",
      params: { length: 16 },
      labels: { field: "accounts:fields.nik" },
      message: "harus berupa 16 digit angka",
    });
    expect(detailOfMessage("note", labelRef("review:decision.messages.noteRequired"))).toMatchObject({
      code: "text",
      labels: { text: "review:decision.messages.noteRequired" },
    });
    expect(detail("x", "too_long", { field: "a.b.c", max: 3 })).toEqual({
      path: "x",
      code: "too_long",
      params: { field: "a.b.c", max: 3 },
      message: "a.b.c tidak boleh lebih dari 3 karakter",
    });
    // Words without a code are kept as they are: nothing finds a code by its words.
    expect(detailOfMessage("x", "a.b.c tidak boleh lebih dari 3 karakter")).toEqual({
      path: "x",
      code: "custom",
      message: "a.b.c tidak boleh lebih dari 3 karakter",
    });
    expect(detail("page", "integer", { field: apiField("page") })).toEqual({
      path: "page",
      code: "integer",
      labels: { field: "errors:fields.page" },
      message: detailText("integer", {}, "id", { field: "errors:fields.page" }),
    });
  });
});
