import { expectFieldErrors, expectPath } from "./fixtures";
import { expect, fillCitizenForm, linkFromMail, loginAsApplicant, newCitizen, signUpCitizen, submitLogin, submitSignUp, test } from "./accounts-fixtures";

// Bad input: every field's rule shows the spec §5 message, a huge name, HTML- and SQL-looking
// text shown back as text, a bot's honeypot, and the mail-request forms. No 5xx and no dialog on any
// of them (checked by the fixture), with JavaScript off and on.

const SCRIPT = "<script>alert(1)</script>";
const SQL = "' OR 1=1 --";

test("every field of the citizen sign-up explains what is wrong, in the spec's words", async ({ page }, testInfo) => {
  await page.goto("/sign-up");
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const summary = page.getByRole("alert");

  await test.step("an empty form: every field is required", async () => {
    await submitSignUp(page);
    await expectFieldErrors(page, [
      ["Nama Lengkap", "Nama Lengkap harus diisi"],
      ["NIK", "NIK harus diisi"],
      ["Alamat Surel", "Alamat Surel harus diisi"],
      ["Nomor Telepon", "Nomor Telepon harus diisi"],
      ["Kata Sandi", "Kata Sandi harus diisi"],
      ["Konfirmasi Kata Sandi", "Konfirmasi Kata Sandi harus diisi"],
    ]);
    await expect(page.getByRole("checkbox", { name: /menyetujui penggunaannya/ })).toHaveAccessibleDescription(
      /Centang kotak di samping pernyataan untuk menyatakan setuju/,
    );
    await expect(summary).toContainText("Persetujuan: Centang kotak di samping pernyataan untuk menyatakan setuju");
    await expectPath(page, "/sign-up");
  });

  await test.step("each rule's message", async () => {
    const citizen = newCitizen(testInfo, "ab");
    await fillCitizenForm(page, citizen);
    await field("NIK").fill("123");
    await field("Alamat Surel").fill("bukan-alamat-surel");
    await field("Nomor Telepon").fill("0812abc");
    await field("Kata Sandi").fill("abcdefgh");
    await field("Konfirmasi Kata Sandi").fill("abcdefgi");
    await submitSignUp(page);
    await expect(field("Nama Lengkap")).toHaveAccessibleDescription(/minimal mengandung 3 karakter/);
    await expect(field("NIK")).toHaveAccessibleDescription(/harus berupa 16 digit angka/);
    await expect(field("Alamat Surel")).toHaveAccessibleDescription(/harus berupa alamat surel yang benar/);
    await expect(field("Nomor Telepon")).toHaveAccessibleDescription(/harus berupa angka/);
    await expect(field("Kata Sandi")).toHaveAccessibleDescription(/Format salah/);
    await expect(field("Konfirmasi Kata Sandi")).toHaveAccessibleDescription(/Konfirmasi Kata Sandi tidak cocok dengan Kata Sandi/);
    await expect(summary).toContainText("NIK: harus berupa 16 digit angka");
    // What was typed stays, passwords aside.
    await expect(field("NIK")).toHaveValue("123");
    await expect(field("Nomor Telepon")).toHaveValue("0812abc");
  });

  await test.step("a short password and a 10,000-character name", async () => {
    await field("Nama Lengkap").fill("x".repeat(10_000));
    await field("Kata Sandi").fill("Ab1");
    await field("Konfirmasi Kata Sandi").fill("Ab1");
    await submitSignUp(page);
    await expect(field("Nama Lengkap")).toHaveAccessibleDescription(/tidak boleh lebih dari 150 karakter/);
    await expect(field("Kata Sandi")).toHaveAccessibleDescription(/minimal mengandung 8 karakter/);
    await expectPath(page, "/sign-up");
  });
});

test("HTML- and SQL-looking text is shown back as text and never run", async ({ page }, testInfo) => {
  const citizen = newCitizen(testInfo, SCRIPT);

  await test.step("both strings come back in the form, untouched, after a refused post", async () => {
    for (const name of [SCRIPT, SQL, `"><img src=x onerror=alert(2)>`]) {
      await page.goto("/sign-up");
      await fillCitizenForm(page, { ...citizen, fullName: name, nik: "123" });
      await submitSignUp(page);
      await expect(page.getByLabel("NIK", { exact: true })).toHaveAccessibleDescription(/harus berupa 16 digit angka/);
      await expect(page.getByLabel("Nama Lengkap", { exact: true })).toHaveValue(name);
    }
  });

  await test.step("an SQL-looking login is only a wrong login", async () => {
    await submitLogin(page, "/login", SQL, SQL);
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveAccessibleDescription(/harus berupa alamat surel yang benar/);
    await submitLogin(page, "/login", citizen.email, SQL);
    await expect(page.getByRole("alert")).toContainText("Surel atau kata sandi salah.");
  });

  await test.step("an account named like a script greets its owner with that literal text", async () => {
    await signUpCitizen(page, citizen);
    await page.goto(await linkFromMail(citizen.email, "activation"));
    await expectPath(page, "/login");
    await loginAsApplicant(page, "/login", citizen, citizen.password);
    await expect(page.getByText(`Halo, ${SCRIPT}`)).toBeVisible();
  });
});

test("a name with a control character is refused beside the field, and the rest of the form is kept", async ({ page }, testInfo) => {
  const citizen = newCitizen(testInfo, "Budi Santoso");
  const name = page.getByLabel("Nama Lengkap", { exact: true });
  const MESSAGE = /tidak boleh berisi baris baru, tab, atau karakter kontrol lainnya/;

  await test.step("a tab, typed into the name", async () => {
    await page.goto("/sign-up");
    await fillCitizenForm(page, { ...citizen, fullName: "Budi\tSantoso" });
    await submitSignUp(page);
    await expect(name).toHaveAccessibleDescription(MESSAGE);
    await expectPath(page, "/sign-up");
    await expect(page.getByLabel("NIK", { exact: true })).toHaveValue(citizen.nik);
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveValue(citizen.email);
    await expect(page.getByLabel("Nomor Telepon", { exact: true })).toHaveValue(citizen.phone);
  });

  await test.step("CR LF, which no browser lets a one-line field send: the form's own post, rewritten on its way", async () => {
    await page.goto("/sign-up");
    await fillCitizenForm(page, citizen);
    await page.route("**/sign-up*", async (route) => {
      const body = route.request().postData();
      if (route.request().method() !== "POST" || !body) return route.continue();
      const form = new URLSearchParams(body);
      form.set("full_name", "Budi Santoso\r\nBcc: semua@contoh.test");
      await route.continue({ postData: form.toString() });
    });
    await submitSignUp(page);
    await expect(name).toHaveAccessibleDescription(MESSAGE);
    await expect(page.getByRole("alert")).toContainText("Nama Lengkap: tidak boleh berisi baris baru");
    await expect(page.getByLabel("NIK", { exact: true })).toHaveValue(citizen.nik);
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveValue(citizen.email);
    await page.unroute("**/sign-up*");
    // The same form with the plain name goes through.
    await fillCitizenForm(page, citizen);
    await submitSignUp(page);
    await expectPath(page, "/sign-up/result");
  });
});

test("a filled honeypot pretends success and creates nothing", async ({ page }, testInfo) => {
  const bot = newCitizen(testInfo, "Bot Otomatis");
  await page.goto("/sign-up");
  await fillCitizenForm(page, bot);
  // People never see the field (off-screen, aria-hidden, out of the tab order); bots fill it.
  await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
  await submitSignUp(page);
  await expectPath(page, "/sign-up/result");
  await expect(page.getByRole("heading", { name: "Periksa surel Anda" })).toBeVisible();
  await submitLogin(page, "/login", bot.email, bot.password);
  await expect(page.getByRole("alert")).toContainText("Surel atau kata sandi salah.");
});

test("the mail-request forms check the address and answer the same whether or not it exists", async ({ page }) => {
  await test.step("resend activation", async () => {
    await page.goto("/account-activation");
    await expect(page.getByRole("heading", { name: "Kirim Ulang Tautan Aktivasi", level: 1 })).toBeVisible();
    await page.getByLabel("Alamat Surel", { exact: true }).fill(SQL);
    await page.getByRole("button", { name: "KIRIM ULANG TAUTAN AKTIVASI" }).click();
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveAccessibleDescription(/harus berupa alamat surel yang benar/);
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveValue(SQL);
    await page.getByLabel("Alamat Surel", { exact: true }).fill("tidak.ada.akun@contoh.test");
    await page.getByRole("button", { name: "KIRIM ULANG TAUTAN AKTIVASI" }).click();
    await expectPath(page, "/account-activation/success-resend");
  });

  await test.step("password recovery", async () => {
    await page.goto("/forgot-password/email");
    await page.getByRole("button", { name: "KIRIM TAUTAN" }).click();
    await expect(page.getByLabel("Alamat Surel", { exact: true })).toHaveAccessibleDescription(/Alamat Surel harus diisi/);
    await page.getByLabel("Alamat Surel", { exact: true }).fill("tidak.ada.akun@contoh.test");
    await page.getByRole("button", { name: "KIRIM TAUTAN" }).click();
    await expectPath(page, "/forgot-password/email-send");
    await expect(page.getByRole("heading", { name: "Periksa surel Anda" })).toBeVisible();
  });

  await test.step("links with a made-up or mangled token", async () => {
    await page.goto("/forgot-password?token=bukan-token-yang-benar");
    await expect(page.getByRole("heading", { name: "Tautan tidak dapat digunakan" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Tautan tidak valid");
    await page.goto(`/account-activation?token=${"x".repeat(500)}`);
    await expect(page.getByRole("heading", { name: "Aktivasi akun gagal" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Tautan tidak valid");
  });
});
