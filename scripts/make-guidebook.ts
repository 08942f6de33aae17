// Writes the guidebook PDF linked as 'BUKU PANDUAN' (spec §2) from the domain's own tables, so the
// guide states the same documents and labels as the portal. Run: npx tsx scripts/make-guidebook.ts
import { writeFileSync } from "node:fs";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { DOCUMENT_REQUIREMENTS } from "#domain/documents";
import { PRODUCT_FULL_NAME, PRODUCT_NAME } from "#domain/menu";
import { STATUS_LABELS } from "#domain/status-label-words";

const OUT = "public/template-docs/buku-panduan-adaptasi-nakes-lln.pdf";

const doc = await PDFDocument.create();
doc.setTitle(`Buku Panduan ${PRODUCT_NAME}`);
doc.setLanguage("id-ID");
doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
doc.setModificationDate(new Date("2026-01-01T00:00:00Z"));
const font = await doc.embedFont(StandardFonts.Helvetica);
const bold = await doc.embedFont(StandardFonts.HelveticaBold);
let page = doc.addPage([595, 842]);
let y = 790;

function line(text: string, opts: { size?: number; bold?: boolean; indent?: number } = {}) {
  const size = opts.size ?? 10.5;
  const f = opts.bold ? bold : font;
  const width = 495 - (opts.indent ?? 0);
  const words = text.split(" ");
  let current = "";
  const flush = () => {
    if (y < 60) {
      page = doc.addPage([595, 842]);
      y = 790;
    }
    page.drawText(current, { x: 50 + (opts.indent ?? 0), y, size, font: f, color: rgb(0.1, 0.14, 0.15) });
    y -= size * 1.45;
    current = "";
  };
  for (const w of words) {
    const next = current ? `${current} ${w}` : w;
    if (f.widthOfTextAtSize(next, size) > width) flush();
    current = current ? `${current} ${w}` : w;
  }
  if (current) flush();
}
const gap = (n = 8) => (y -= n);

line(`Buku Panduan ${PRODUCT_NAME}`, { size: 20, bold: true });
line(PRODUCT_FULL_NAME, { size: 12 });
line("Kementerian Kesehatan Republik Indonesia", { size: 10 });
gap(16);
line("1. Membuat dan mengaktifkan akun", { size: 13, bold: true });
line(
  "Warga Negara Indonesia mendaftar melalui halaman Daftar dengan NIK 16 digit. Warga Negara Asing memulai dari halaman pendaftaran WNA dan mengisi nomor paspor atau identitas asing serta kewarganegaraan. Setelah mendaftar, buka surel aktivasi dan klik tautannya (berlaku 24 jam), lalu masuk dengan alamat surel dan kata sandi.",
);
gap();
line("2. Mengisi data personal dan memilih jalur", { size: 13, bold: true });
line(
  "Lengkapi data personal, lalu pilih jalur pendaftaran: REG (reguler), SPE (spesialis) atau OTH (lainnya, kegiatan bersama pendamping tenaga kesehatan WNI). Jalur dapat diganti sebelum permohonan dikirim tanpa kehilangan data personal.",
);
gap();
line("3. Dokumen persyaratan", { size: 13, bold: true });
for (const jalur of ["REG", "SPE", "OTH"] as const) {
  gap(4);
  line(`Jalur ${jalur}`, { bold: true });
  for (const r of DOCUMENT_REQUIREMENTS.filter((d) => d.jalur_id === jalur)) {
    line(`${r.order_num}. ${r.name} (${r.allowed_extnames.toUpperCase()}, maks. ${r.max_size}MB)`, { indent: 12 });
  }
}
gap();
line(
  "Dokumen yang terdiri atas beberapa berkas (sertifikat profesi, logbook, ijazah) dapat diunggah sebagai beberapa file; sistem menggabungkannya menjadi satu PDF berukuran paling besar 5MB. Jenis file diperiksa dari isinya, bukan dari nama file.",
);
gap();
line("4. Status permohonan", { size: 13, bold: true });
line(
  `Setelah dikirim, permohonan melewati pemeriksaan dokumen, penyetaraan, evaluasi kompetensi dan kelayakan. Label status yang mungkin muncul: ${STATUS_LABELS.join(", ")}.`,
);
line("Bila status 'Perbaikan Berkas' muncul, buka formulir unggah ulang: hanya dokumen yang ditandai peninjau yang perlu diunggah kembali, beserta alasannya.");
gap();
line("5. Bantuan", { size: 13, bold: true });
line("Pertanyaan umum dijawab pada halaman FAQ yang tautannya tersedia di setiap halaman portal.");

writeFileSync(OUT, await doc.save({ useObjectStreams: true }));
console.log(`wrote ${OUT}`);
