// The account forms' words, without zod: the browser imports this module, the schemas live in
// ./accounts.ts (server, API and tests only).

export const ACCOUNT_LABELS = {
  full_name: "Nama Lengkap",
  nik: "NIK",
  email: "Alamat Surel",
  phone: "Nomor Telepon",
  password: "Kata Sandi",
  password_confirmation: "Konfirmasi Kata Sandi",
  consent: "Persetujuan",
  foreign_id: "Nomor Paspor / Identitas Asing",
  nationality: "Kewarganegaraan",
  is_kek: "Kawasan Ekonomi Khusus (KEK)",
  jalur_id: "Jalur Pendaftaran",
  token: "Token",
} as const;

export const PASSWORD_HINT = "Minimal 8 karakter, mengandung huruf dan angka.";

export const LOGIN_LABELS = { email: ACCOUNT_LABELS.email, password: ACCOUNT_LABELS.password } as const;

export const PASSWORD_CHANGE_LABELS = {
  current_password: "Kata Sandi Saat Ini",
  new_password: "Kata Sandi Baru",
  new_password_confirmation: "Konfirmasi Kata Sandi Baru",
} as const;
