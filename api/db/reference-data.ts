// Reference lists seeded on every start (DESIGN §7): medical schools abroad, specializations and
// achievement kinds. Admins maintain the first two on /institution-list and /specialization-list.

export const INSTITUTIONS: readonly { name: string; country: string }[] = [
  { name: "University of the Philippines Manila — College of Medicine", country: "PH" },
  { name: "University of Santo Tomas — Faculty of Medicine and Surgery", country: "PH" },
  { name: "Cebu Institute of Medicine", country: "PH" },
  { name: "University of Malaya — Faculty of Medicine", country: "MY" },
  { name: "Universiti Kebangsaan Malaysia — Faculty of Medicine", country: "MY" },
  { name: "Universiti Sains Malaysia — School of Medical Sciences", country: "MY" },
  { name: "National University of Singapore — Yong Loo Lin School of Medicine", country: "SG" },
  { name: "Mahidol University — Faculty of Medicine Siriraj Hospital", country: "TH" },
  { name: "Chulalongkorn University — Faculty of Medicine", country: "TH" },
  { name: "Hanoi Medical University", country: "VN" },
  { name: "Peking University Health Science Center", country: "CN" },
  { name: "Fudan University — Shanghai Medical College", country: "CN" },
  { name: "Zhejiang University School of Medicine", country: "CN" },
  { name: "Wuhan University School of Medicine", country: "CN" },
  { name: "The University of Tokyo — Faculty of Medicine", country: "JP" },
  { name: "Seoul National University College of Medicine", country: "KR" },
  { name: "All India Institute of Medical Sciences, New Delhi", country: "IN" },
  { name: "Aga Khan University Medical College", country: "PK" },
  { name: "Cairo University — Faculty of Medicine (Kasr Al Ainy)", country: "EG" },
  { name: "Al-Azhar University — Faculty of Medicine", country: "EG" },
  { name: "Ain Shams University — Faculty of Medicine", country: "EG" },
  { name: "King Saud University — College of Medicine", country: "SA" },
  { name: "University of Jordan — School of Medicine", country: "JO" },
  { name: "Sudan International University — Faculty of Medicine", country: "SD" },
  { name: "I.M. Sechenov First Moscow State Medical University", country: "RU" },
  { name: "Pirogov Russian National Research Medical University", country: "RU" },
  { name: "Charles University — First Faculty of Medicine", country: "CZ" },
  { name: "Semmelweis University", country: "HU" },
  { name: "Ludwig-Maximilians-Universität München — Medizinische Fakultät", country: "DE" },
  { name: "Universiteit van Amsterdam — Faculteit der Geneeskunde", country: "NL" },
  { name: "University of Melbourne — Melbourne Medical School", country: "AU" },
  { name: "University of Sydney — Sydney Medical School", country: "AU" },
  { name: "Harvard Medical School", country: "US" },
  { name: "University of Cuba — Escuela Latinoamericana de Medicina", country: "CU" },
];

export const SPECIALIZATIONS: readonly string[] = [
  "Ilmu Penyakit Dalam",
  "Ilmu Bedah",
  "Obstetri dan Ginekologi",
  "Ilmu Kesehatan Anak",
  "Anestesiologi dan Terapi Intensif",
  "Radiologi",
  "Neurologi",
  "Ilmu Penyakit Jantung dan Pembuluh Darah",
  "Ilmu Penyakit Paru",
  "Ilmu Penyakit Mata",
  "Ilmu Kesehatan Telinga, Hidung, Tenggorok, Bedah Kepala dan Leher",
  "Dermatologi, Venereologi dan Estetika",
  "Psikiatri",
  "Orthopaedi dan Traumatologi",
  "Urologi",
  "Bedah Saraf",
  "Bedah Plastik Rekonstruksi dan Estetik",
  "Bedah Toraks, Kardiak dan Vaskular",
  "Patologi Klinik",
  "Patologi Anatomik",
  "Mikrobiologi Klinik",
  "Kedokteran Fisik dan Rehabilitasi",
  "Kedokteran Forensik dan Medikolegal",
  "Onkologi Radiasi",
  "Kedokteran Nuklir dan Teranostik Molekuler",
  "Kedokteran Emergensi",
  "Ilmu Gizi Klinik",
];

export const ACHIEVEMENT_TYPES: readonly { code: string; name: string }[] = [
  { code: "PUBLIKASI", name: "Publikasi Ilmiah" },
  { code: "PENELITIAN", name: "Penelitian" },
  { code: "PENGHARGAAN", name: "Penghargaan" },
  { code: "PELATIHAN", name: "Pelatihan dan Sertifikasi" },
  { code: "PENGAJARAN", name: "Pengalaman Mengajar" },
  { code: "ORGANISASI", name: "Organisasi Profesi" },
];

// Master Jabatan: positions held by staff accounts; Admin (role 2) maintains them on /master-position.
export const POSITIONS: readonly string[] = [
  "Ketua Komite Adaptasi",
  "Sekretaris Komite Adaptasi",
  "Ketua Kolegium",
  "Sekretaris Kolegium",
  "Anggota Kolegium",
  "Ketua Sub-Komite",
  "Anggota Sub-Komite",
  "Anggota Konsil Kedokteran Indonesia",
  "Verifikator",
  "Staf Administrasi",
];

/** The position of each demo staff account (DESIGN §7), by e-mail. */
export const DEMO_STAFF_POSITIONS: Readonly<Record<string, string>> = {
  "superadmin@adaptasi.test": "Ketua Komite Adaptasi",
  "admin@adaptasi.test": "Staf Administrasi",
  "subkomite@adaptasi.test": "Ketua Sub-Komite",
  "pembekalan@adaptasi.test": "Anggota Sub-Komite",
  "kolegium@adaptasi.test": "Ketua Kolegium",
  "kki@adaptasi.test": "Anggota Konsil Kedokteran Indonesia",
};

/** Kinds of activity of the OTH pathway: the {othersId} of /register-competency-evaluation/path/{othersId}. */
export const ACTIVITY_KINDS: readonly { name: string; description: string }[] = [
  { name: "Bakti sosial", description: "Pelayanan kesehatan sosial tanpa imbalan, misalnya operasi katarak massal atau pengobatan gratis." },
  { name: "Pelatihan", description: "Memberi pelatihan atau alih teknologi kepada tenaga kesehatan Indonesia." },
  { name: "Penelitian", description: "Penelitian klinis atau kesehatan masyarakat bersama institusi Indonesia." },
  { name: "Pendidikan", description: "Mengajar atau membimbing di institusi pendidikan kesehatan." },
  { name: "Penanggulangan bencana", description: "Bantuan medis pada keadaan darurat atau bencana." },
];

/** Positions of facility admins (role 8) on /personal-data, beside the staff positions. */
export const FACILITY_POSITIONS: readonly string[] = ["Direktur Rumah Sakit", "Kepala Bidang Pelayanan Medis", "Kepala Bagian SDM"];

/** The two demo facility admins (DESIGN §7): their facility data, by e-mail. */
export const DEMO_FACILITIES: Readonly<
  Record<
    string,
    {
      facilityName: string;
      facilityType: string;
      address: string;
      licenceNumber: string;
      contactPhone: string;
      contactEmail: string;
      adminNik: string;
      adminPhone: string;
      position: string;
    }
  >
> = {
  "fasyankes@adaptasi.test": {
    facilityName: "RS Mitra Sehat",
    facilityType: "RUMAH_SAKIT",
    address: "Jl. Letjen S. Parman Kav. 87, Jakarta Barat 11420",
    licenceNumber: "503/0412/RS/DPMPTSP/2021",
    contactPhone: "0215671234",
    contactEmail: "sdm@rsmitrasehat.co.id",
    adminNik: "3173021507800003",
    adminPhone: "081311223344",
    position: "Kepala Bagian SDM",
  },
  "fasyankes.baru@adaptasi.test": {
    facilityName: "Klinik Utama Sehat Sentosa",
    facilityType: "KLINIK_UTAMA",
    address: "Jl. Diponegoro No. 45, Denpasar, Bali 80113",
    licenceNumber: "445/1187/KLINIK/DINKES/2024",
    contactPhone: "0361223344",
    contactEmail: "admin@sehatsentosa.co.id",
    adminNik: "5171014402880002",
    adminPhone: "081999887766",
    position: "Direktur Rumah Sakit",
  },
};
