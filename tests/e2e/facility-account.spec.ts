import type { Page, TestInfo } from "@playwright/test";
import { expect, linkFromMail, submitLogin, test } from "./accounts-fixtures";
import { ACCOUNTS, apiKey, apiTokens, expectPath, LABEL_WORDS, landAs, sidebar } from "./fixtures";

// The facility admin's own account (role 8, DESIGN §4): sign-up at /sign-up/fasyankes, activation from
// the mail, "Beranda", the /personal-data verification cycle (send, pending, rejected with a reason,
// send again), and the demo facility's counts — with JavaScript on and off, each project its own account.

interface FacilityAdmin {
  fullName: string;
  email: string;
  password: string;
}

function newFacilityAdmin(testInfo: TestInfo): FacilityAdmin {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { fullName: "Dewi Anggraini", email: `faskes.${testInfo.project.name}.${id}@contoh.test`, password: "Awal#Sandi2026" };
}

async function signUpAsFacility(page: Page, admin: FacilityAdmin) {
  await page.goto("/sign-up");
  await page.getByRole("link", { name: "Daftar sebagai Admin Fasyankes" }).click();
  await expectPath(page, "/sign-up/fasyankes");
  await expect(page.getByRole("heading", { name: "Daftar sebagai Admin Fasyankes", level: 1 })).toBeVisible();
  await page.getByLabel("Nama Fasyankes", { exact: true }).fill("Klinik Pratama Sehat Bersama");
  await page.getByLabel("Jenis Fasyankes", { exact: true }).selectOption({ label: "Klinik Pratama" });
  await page.getByLabel("Alamat Fasyankes", { exact: true }).fill("Jl. Merdeka No. 10, Bandung 40111");
  await page.getByLabel("Nomor Izin Operasional", { exact: true }).fill("445/0001/KLINIK/2025");
  await page.getByLabel("Nomor Telepon Fasyankes", { exact: true }).fill("0224201234");
  await page.getByLabel("Nama Lengkap", { exact: true }).fill(admin.fullName);
  await page.getByLabel("Alamat Surel", { exact: true }).fill(admin.email);
  await page.getByLabel("Nomor Telepon", { exact: true }).fill("081234567890");
  await page.getByLabel("Kata Sandi", { exact: true }).fill(admin.password);
  await page.getByLabel("Konfirmasi Kata Sandi", { exact: true }).fill(admin.password);
  await page.getByRole("checkbox", { name: /menyetujui penggunaannya/ }).check();
  await page.getByRole("button", { name: "DAFTAR", exact: true }).click();
  await expectPath(page, "/sign-up/result");
  await expect(page.getByRole("heading", { name: "Periksa surel Anda" })).toBeVisible();
}

/** The Admin's rejection, through the API of /admin-fasyankes-list with the Admin's own token. */
async function rejectAsAdmin(page: Page, admin: FacilityAdmin, reason: string) {
  const headers = { "x-adaptasiapikey": apiKey() };
  const login = await page.request.post("/api/v1/login", { headers, data: { email: admin.email, password: admin.password } });
  const facilityToken = (await login.json()).token.token as string;
  const me = await page.request.get("/api/v1/admin/get-me", { headers: { ...headers, authorization: `Bearer ${facilityToken}` } });
  const userId = (await me.json()).data.id as string;
  const { token } = await apiTokens(page.request, ACCOUNTS.admin);
  const res = await page.request.post(`/api/v1/admin/facilities/${userId}/verify`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { decision: "REJECT", reason },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("a facility admin signs up, activates, sends the facility data, is rejected with a reason and sends again", async ({ page }, testInfo) => {
  const admin = newFacilityAdmin(testInfo);

  await test.step("sign up from the link on /sign-up", async () => {
    await signUpAsFacility(page, admin);
  });

  await test.step("activate from the mail and log in: Beranda says the data is not sent yet", async () => {
    await page.goto(await linkFromMail(admin.email, "activation"));
    await expectPath(page, "/login");
    await expect(page.getByText(`Akun ${admin.email} sudah aktif.`)).toBeVisible();
    await submitLogin(page, "/login", admin.email, admin.password);
    await expectPath(page, "/dashboard");
    await expect(page.getByRole("heading", { name: "Beranda", level: 1 })).toBeVisible();
    await expect(page.getByText("Belum dikirim", { exact: true })).toBeVisible();
    await expect(page.getByText("Pendaftaran tenaga kesehatan dibuka setelah Fasyankes terverifikasi.")).toBeVisible();
    await expect(page.getByText("Belum ada pendaftaran tenaga kesehatan.")).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Pendaftaran", exact: true })).toHaveCount(0);
  });

  await test.step("Data Personal is prefilled from the sign-up; a wrong NIK is refused and the values stay", async () => {
    await sidebar(page).getByRole("link", { name: "Data Personal", exact: true }).click();
    await expectPath(page, "/personal-data");
    await expect(page.getByLabel("Nama Fasyankes", { exact: true })).toHaveValue("Klinik Pratama Sehat Bersama");
    await expect(page.getByLabel("Nomor Telepon", { exact: true })).toHaveValue("081234567890");
    await page.getByLabel("NIK", { exact: true }).fill("3173");
    await page.getByLabel("Jabatan", { exact: true }).selectOption({ label: "Kepala Bagian SDM" });
    await page.getByRole("button", { name: "Simpan dan kirim untuk verifikasi" }).click();
    await expect(page.getByText("harus berupa 16 digit angka").first()).toBeVisible();
    await expect(page.getByLabel("NIK", { exact: true })).toHaveValue("3173");
    await expect(page.getByLabel("Jabatan", { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByLabel("Nomor Izin Operasional", { exact: true })).toHaveValue("445/0001/KLINIK/2025");
  });

  await test.step("valid data is sent: pending, read-only, and the sidebar item is disabled", async () => {
    await page.getByLabel("NIK", { exact: true }).fill("3273011203850001");
    await page.getByRole("button", { name: "Simpan dan kirim untuk verifikasi" }).click();
    await expect(page.getByText("Menunggu verifikasi", { exact: true })).toBeVisible();
    await expect(page.getByText("3273011203850001")).toBeVisible();
    await expect(page.getByRole("button", { name: "Simpan dan kirim untuk verifikasi" })).toHaveCount(0);
    await expect(sidebar(page).getByText("Data Personal", { exact: true })).toHaveAttribute("aria-disabled", "true");
  });

  await test.step("a post while pending is refused with 409 and a clear message, and changes nothing", async () => {
    const res = await page.request.post("/personal-data", {
      // As the page's own form would: a post with the session cookie says where it comes from (server/security.ts).
      headers: { Origin: new URL(page.url()).origin },
      form: {
        facility_name: "Klinik Lain",
        facility_type: "KLINIK_PRATAMA",
        address: "Jl. Merdeka No. 10, Bandung 40111",
        licence_number: "445/0001/KLINIK/2025",
        contact_phone: "0224201234",
        admin_nik: "3273011203850001",
        admin_phone: "081234567890",
        position_id: "1",
      },
    });
    expect(res.status()).toBe(409);
    expect(await res.text()).toContain("sedang menunggu verifikasi oleh Admin");
    await page.reload();
    await expect(page.getByText("Klinik Pratama Sehat Bersama")).toBeVisible();
  });

  const reason = "Nomor izin operasional tidak sesuai dengan dokumen yang terdaftar.";
  await test.step("the Admin rejects it: the reason shows on Beranda and on Data Personal", async () => {
    await rejectAsAdmin(page, admin, reason);
    await page.goto("/dashboard");
    await expect(page.getByText(`Alasan penolakan: ${reason}`)).toBeVisible();
    await page.getByRole("link", { name: "Buka Data Personal" }).click();
    await expectPath(page, "/personal-data");
    await expect(page.getByRole("heading", { name: "Pengajuan Anda ditolak" })).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByLabel("NIK", { exact: true })).toHaveValue("3273011203850001");
  });

  await test.step("corrected and sent again: pending once more", async () => {
    await page.getByLabel("Nomor Izin Operasional", { exact: true }).fill("445/0002/KLINIK/2025");
    await page.getByRole("button", { name: "Perbaiki dan kirim ulang untuk verifikasi" }).click();
    await expect(page.getByText("Menunggu verifikasi", { exact: true })).toBeVisible();
    await expect(page.getByText("445/0002/KLINIK/2025")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pengajuan Anda ditolak" })).toHaveCount(0);
    await expect(sidebar(page).getByText("Data Personal", { exact: true })).toHaveAttribute("aria-disabled", "true");
  });
});

test("the demo facility's Beranda counts its registrations by label and lists recent activity", async ({ page, request }) => {
  // Other specs register professionals for this facility while this one runs: the page must show what
  // the API counts now (its seeded figures are checked in api/routes/facility/facility.test.ts).
  const { token } = await apiTokens(request, ACCOUNTS.fasyankes);
  await landAs(page, ACCOUNTS.fasyankes);
  await expectPath(page, "/dashboard");
  await expect(page.getByText("Terverifikasi", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Daftarkan tenaga kesehatan" })).toHaveAttribute("href", "/registration-path");
  const counts = page.getByRole("table", { name: "Jumlah pendaftaran menurut status" });
  await expect(async () => {
    const res = await request.get("/api/v1/me/facility/dashboard", { headers: { "x-adaptasiapikey": apiKey(), authorization: `Bearer ${token}` } });
    // The API counts by spec §4's rule; the page words each: 1 Dalam Proses, 3 Perbaikan Berkas, 11 Selesai.
    const figures = (await res.json()).data as { submitted: number; counts: Array<{ rule: number; count: number }> };
    expect(figures.counts.map((c) => c.rule)).toEqual(expect.arrayContaining([1, 3, 11]));
    await page.reload();
    for (const { rule, count } of figures.counts) {
      const label = LABEL_WORDS[String(rule)]!;
      await expect(
        counts
          .getByRole("row", { name: new RegExp(label) })
          .getByRole("cell")
          .last(),
      ).toHaveText(String(count), { timeout: 1000 });
    }
    await expect(
      counts
        .getByRole("row", { name: /Total diajukan/ })
        .getByRole("cell")
        .last(),
    ).toHaveText(String(figures.submitted), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const recent = page.getByRole("table", { name: /Perubahan status terbaru/ });
  await expect(recent.getByRole("row")).not.toHaveCount(1);
  await expect(recent).toContainText("Perbaikan Berkas");
});
