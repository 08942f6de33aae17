import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIELD_NAME_LIMITS, fieldNameProblem, fieldNamesProblem } from "./form-field-names";

describe("fieldNameProblem", () => {
  it("accepts every shape of name the portal's forms write", () => {
    for (const name of ["email", "jalur_id", "doc_12", "reason_3f2a", "items[0].type", "items[999].type", "list[]", "a.b.c", "a[1000]", "x-y", "nāma"]) {
      expect(fieldNameProblem(name), name).toBeNull();
    }
  });

  it("refuses a list index beyond any form's, negative, signed, fractional or non-numeric", () => {
    for (const name of ["email[99999999]", "x[5000000]", "a[1001]", "a[00001001]", "a[-1]", "a[+1]", "a[1.5]", "a[1e3]", "a[x]", "a[ 1]", "a[0x10]"]) {
      expect(fieldNameProblem(name), name).toBe("bad-index");
    }
  });

  it("refuses broken paths, reserved keys and control characters", () => {
    for (const name of ["a..b", ".a", "a.", "a]", "a[", "a[0", "__proto__", "a.constructor", "x.prototype.y", "a\u0000b", "a\r\nb"]) {
      expect(fieldNameProblem(name), JSON.stringify(name)).toBe("bad-syntax");
    }
  });

  it("refuses a field without a name: the empty name, or none at all (a nameless multipart part)", () => {
    expect(fieldNameProblem("")).toBe("bad-syntax");
    expect(fieldNameProblem(undefined)).toBe("bad-syntax");
    expect(fieldNamesProblem(["email", undefined])).toBe("bad-syntax");
  });

  it("refuses names too long or too deep", () => {
    expect(fieldNameProblem("a".repeat(FIELD_NAME_LIMITS.maxNameLength))).toBeNull();
    expect(fieldNameProblem("a".repeat(FIELD_NAME_LIMITS.maxNameLength + 1))).toBe("name-too-long");
    expect(fieldNameProblem(Array.from({ length: FIELD_NAME_LIMITS.maxDepth }, () => "a").join("."))).toBeNull();
    expect(fieldNameProblem(Array.from({ length: FIELD_NAME_LIMITS.maxDepth + 1 }, () => "a").join("."))).toBe("too-deep");
    expect(fieldNameProblem("a" + "[0]".repeat(40))).toBe("too-deep");
  });

  it("never throws, and accepts no name that would make a list longer than the limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (name) => {
        const problem = fieldNameProblem(name);
        if (problem === null) {
          for (const [, digits] of name.matchAll(/\[(\d*)\]/g)) expect(Number(digits || 0)).toBeLessThanOrEqual(FIELD_NAME_LIMITS.maxIndex);
        }
      }),
    );
  });
});

describe("fieldNamesProblem", () => {
  it("counts fields and stops at the first problem", () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    expect(fieldNamesProblem(names(FIELD_NAME_LIMITS.maxFields))).toBeNull();
    expect(fieldNamesProblem(names(FIELD_NAME_LIMITS.maxFields + 1))).toBe("too-many-fields");
    expect(fieldNamesProblem(["ok", "a[2000]", "b[-1]"])).toBe("bad-index");
  });

  it("reads a generator lazily: a million names cost no more than the limit", () => {
    let pulled = 0;
    function* many() {
      for (let i = 0; i < 1_000_000; i += 1) {
        pulled += 1;
        yield `f${i}`;
      }
    }
    expect(fieldNamesProblem(many())).toBe("too-many-fields");
    expect(pulled).toBe(FIELD_NAME_LIMITS.maxFields + 1);
  });
});
