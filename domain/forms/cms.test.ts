import { describe, expect, it } from "vitest";
import { announcementSchema, faqSchema, isNavbarHref, navbarLinksSchema, testScheduleSchema, toLocalInput, welcomeSchema } from "./cms";
import { messageText as worded } from "../validation-details";

/** The first message per field, as the form shows it. */
function messages(r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join(".")] ??= worded(i.message);
  return out;
}

describe("welcome texts", () => {
  it("trims, requires both and caps their length", () => {
    expect(welcomeSchema.parse({ title: "  Selamat datang ", lead: "Teks" })).toEqual({ title: "Selamat datang", lead: "Teks" });
    expect(messages(welcomeSchema.safeParse({}))).toEqual({ title: "Judul harus diisi", lead: "Teks Pembuka harus diisi" });
    expect(messages(welcomeSchema.safeParse({ title: "x".repeat(201), lead: "ab" }))).toEqual({
      title: "tidak boleh lebih dari 200 karakter",
      lead: "minimal mengandung 3 karakter",
    });
  });
});

describe("navbar links", () => {
  it("allows https addresses and paths on this site only", () => {
    for (const ok of ["https://kki.go.id", "https://kki.go.id/a?b=c", "/test-schedule", "/"]) expect(isNavbarHref(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,x",
      "http://kki.go.id",
      "//evil.example",
      "/\\evil.example",
      "kki.go.id",
      "https://",
      "/a b",
      " https://x.id",
    ]) {
      expect(isNavbarHref(bad), bad).toBe(false);
    }
  });

  it("drops empty rows, keeps the order, and puts each error on the row typed in", () => {
    const rows = [{ label: "KKI", href: "https://kki.go.id" }, {}, { label: " Jadwal ", href: "/test-schedule" }, undefined];
    expect(navbarLinksSchema.parse({ links: rows })).toEqual({
      links: [
        { label: "KKI", href: "https://kki.go.id" },
        { label: "Jadwal", href: "/test-schedule" },
      ],
    });
    expect(navbarLinksSchema.parse({})).toEqual({ links: [] });
    expect(
      messages(
        navbarLinksSchema.safeParse({
          links: [{}, { label: "Jahat", href: "javascript:alert(1)" }, { href: "/x" }, { label: "Tanpa alamat" }, { label: "x".repeat(41), href: "/x" }],
        }),
      ),
    ).toEqual({
      "links.1.href": "Format salah",
      "links.2.label": "Label Tautan harus diisi",
      "links.3.href": "Alamat Tautan harus diisi",
      "links.4.label": "tidak boleh lebih dari 40 karakter",
    });
  });

  it("takes at most 8 links", () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ label: `L${i}`, href: `/l${i}` }));
    expect(navbarLinksSchema.safeParse({ links: nine }).success).toBe(false);
    expect(navbarLinksSchema.safeParse({ links: nine.slice(0, 8) }).success).toBe(true);
  });
});

describe("FAQ addresses", () => {
  it("requires https addresses", () => {
    const faq = { base: "https://faq.id", login: "https://faq.id/masuk", signUp: "https://faq.id/daftar", index: "https://faq.id/umum" };
    expect(faqSchema.parse(faq)).toEqual(faq);
    expect(messages(faqSchema.safeParse({ ...faq, base: "http://faq.id", login: "javascript:alert(1)", index: "" }))).toEqual({
      base: "Format salah",
      login: "Format salah",
      index: "Alamat FAQ Halaman Sambutan harus diisi",
    });
  });
});

describe("announcements", () => {
  it("requires a title of at most 150 and a body of at most 2000 characters", () => {
    expect(messages(announcementSchema.safeParse({ title: " ", body: "" }))).toEqual({ title: "Judul harus diisi", body: "Isi Pengumuman harus diisi" });
    expect(messages(announcementSchema.safeParse({ title: "x".repeat(151), body: "x".repeat(2001) }))).toEqual({
      title: "tidak boleh lebih dari 150 karakter",
      body: "tidak boleh lebih dari 2000 karakter",
    });
    expect(announcementSchema.safeParse({ title: "x".repeat(150), body: "x".repeat(2000) }).success).toBe(true);
  });
});

describe("test schedule", () => {
  const entry = { title: "Uji Kompetensi", location: "Jakarta", starts_at: "2027-03-15T08:00" };

  it("reads zone-less times as WIB and leaves optional times empty", () => {
    expect(testScheduleSchema.parse({ ...entry, ends_at: "", registration_deadline: undefined, notes: " " })).toEqual({
      ...entry,
      starts_at: "2027-03-15T01:00:00.000Z",
      ends_at: null,
      registration_deadline: null,
      notes: null,
    });
    expect(testScheduleSchema.parse({ ...entry, starts_at: "2027-03-15T01:00:00Z" }).starts_at).toBe("2027-03-15T01:00:00.000Z");
    // the portal sends its parsed value on to the API, which parses it again
    const parsed = testScheduleSchema.parse({ ...entry, notes: "" });
    expect(testScheduleSchema.parse(parsed)).toEqual(parsed);
    expect(toLocalInput("2027-03-15T01:00:00.000Z")).toBe("2027-03-15T08:00");
    expect(toLocalInput(null)).toBe("");
  });

  it("refuses bad times, an end before the start and a deadline after it", () => {
    expect(messages(testScheduleSchema.safeParse({ ...entry, starts_at: "15/03/2027" }))).toEqual({ starts_at: "Format salah" });
    expect(messages(testScheduleSchema.safeParse({ ...entry, starts_at: "2027-13-45T08:00" }))).toEqual({ starts_at: "Format salah" });
    expect(messages(testScheduleSchema.safeParse({ ...entry, ends_at: "2027-03-15T07:59", registration_deadline: "2027-03-15T08:01" }))).toEqual({
      ends_at: "Waktu Selesai tidak boleh kurang dari Waktu Mulai",
      registration_deadline: "Batas Pendaftaran tidak boleh lebih dari Waktu Mulai",
    });
    expect(testScheduleSchema.safeParse({ ...entry, ends_at: "2027-03-15T08:00", registration_deadline: "2027-03-15T08:00" }).success).toBe(true);
    expect(messages(testScheduleSchema.safeParse({}))).toEqual({
      title: "Judul harus diisi",
      location: "Lokasi harus diisi",
      starts_at: "Waktu Mulai harus diisi",
    });
  });
});
