// The /master-cms forms' limits and time helper, and the Indonesian labels the API's schemas say
// (locales/id/cms.json `fields` holds the same), without zod (the schemas: ./cms.ts).

export const CMS_LABELS = {
  title: "Judul",
  lead: "Teks Pembuka",
  label: "Label Tautan",
  href: "Alamat Tautan",
  faq_base: "Alamat FAQ Umum",
  faq_login: "Alamat FAQ Halaman Masuk",
  faq_signUp: "Alamat FAQ Halaman Daftar",
  faq_index: "Alamat FAQ Halaman Sambutan",
  body: "Isi Pengumuman",
  location: "Lokasi",
  starts_at: "Waktu Mulai",
  ends_at: "Waktu Selesai",
  registration_deadline: "Batas Pendaftaran",
  notes: "Catatan",
  guidebook: "Berkas Buku Panduan",
  link_count: "Jumlah tautan",
} as const;

export const NAVBAR_LINKS_MAX = 8;
export const NAVBAR_LABEL_MAX = 40;
export const ANNOUNCEMENT_TITLE_MAX = 150;
export const ANNOUNCEMENT_BODY_MAX = 2000;
export const GUIDEBOOK_MAX_MB = 5;
/** How many active announcements /welcome shows, newest first. */
export const WELCOME_ANNOUNCEMENTS = 5;

/** Times without a zone (a datetime-local input) are Western Indonesia Time, as the pages show them. */
export const SCHEDULE_TIME_ZONE_OFFSET = "+07:00";

/** An ISO instant as a datetime-local value in Western Indonesia Time ("2027-03-15T08:00"). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const shifted = new Date(new Date(iso).getTime() + 7 * 3_600_000);
  return shifted.toISOString().slice(0, 16);
}
