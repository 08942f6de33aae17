import { describe, expect, it } from "vitest";
import en from "#locales/en/errors.json";
import id from "#locales/id/errors.json";
import { requirementText } from "./document-words";
import { DOCUMENT_REQUIREMENTS, requirementKey } from "./documents";
import { INDONESIAN } from "./validation";
import { apiField, detail, detailOfMessage, detailText } from "./validation-details";

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
    expect(detailText("too_long", { field: "Pencarian", max: 100 }, "en", labels)).toBe("Search may not be longer than 100 characters");
    expect(
      detailText("required", { field: "X" }, "en", { field: "accounts:fields.email" }, (key) =>
        key === "accounts:fields.email" ? "Email address" : undefined,
      ),
    ).toBe("Email address is required");
    expect(detailText("NO_SUCH", {}, "en")).toBeUndefined();
    expect(detailText("toString", {}, "en")).toBeUndefined();
    expect(detailText("too_long", { field: "x" }, "en")).toBeUndefined();
  });

  it("every API detail code and field is translated", () => {
    for (const code of Object.keys(id.details))
      if (code !== "text") expect(en.details[code as keyof typeof en.details], code).not.toBe(id.details[code as keyof typeof id.details]);
    expect(Object.keys(en.fields)).toEqual(Object.keys(id.fields));
  });

  it("finds the rule, parameters and label keys of a message INDONESIAN said, and never remembers a request's values", () => {
    const field = INDONESIAN.label("accounts:fields.nik", "NIK");
    const message = INDONESIAN.message("digits", { field, length: 16 });
    expect(detailOfMessage("nik", message)).toEqual({
      path: "nik",
      code: "digits",
      params: { field: "NIK", length: 16 },
      labels: { field: "accounts:fields.nik" },
      message,
    });
    expect(detail("x", "too_long", { field: "a.b.c", max: 3 })).toEqual({
      path: "x",
      code: "too_long",
      params: { field: "a.b.c", max: 3 },
      message: "a.b.c tidak boleh lebih dari 3 karakter",
    });
    expect(detailOfMessage("x", "a.b.c tidak boleh lebih dari 3 karakter")).toEqual({
      path: "x",
      code: "custom",
      message: "a.b.c tidak boleh lebih dari 3 karakter",
    });
    expect(detail("page", "integer", { field: apiField("page") }).labels).toEqual({ field: "errors:fields.page" });
  });
});

describe("document requirements' words", () => {
  it("names every requirement in both languages, the API's words the Indonesian ones", () => {
    for (const r of DOCUMENT_REQUIREMENTS) {
      expect(requirementText(r.id, "id")).toEqual({ name: r.name, help_text: r.help_text });
      const english = requirementText(r.id, "en-US")!;
      expect(english.name, String(r.id)).toMatch(/\S/);
      expect(english.help_text).not.toBe(r.help_text);
    }
    expect(requirementText(999, "en")).toBeUndefined();
    expect(requirementKey(6)).toBe("documents:names.6");
  });
});
