import { afterEach, describe, expect, it, vi } from "vitest";
import { signAccessToken, verifyAccessToken, VERIFIED_TOKENS_MAX } from "./tokens";

const settings = { jwtSecret: "s".repeat(16) + "ecret-for-tokens-test-0123456789", accessTokenTtlSec: 60, refreshTokenTtlSec: 3600 };
const user = { id: "0b6f2a38-7d55-4a5e-9a57-1c1d2b3c4d5e", roleId: 3 };
const family = "5d2c8a11-3e4f-4b6a-8c7d-9e0f1a2b3c4d";

afterEach(() => vi.useRealTimers());

describe("verifyAccessToken", () => {
  it("answers a token checked before without checking its signature again, until it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T08:00:00Z"));
    const token = await signAccessToken(user, family, settings);
    expect(await verifyAccessToken(token, settings)).toEqual({ userId: user.id, familyId: family });
    vi.setSystemTime(new Date("2026-11-23T08:00:59Z"));
    expect(await verifyAccessToken(token, settings)).toEqual({ userId: user.id, familyId: family });
    vi.setSystemTime(new Date("2026-11-23T08:01:00Z")); // exp = iat + 60 s
    expect(await verifyAccessToken(token, settings)).toBeNull();
    expect(await verifyAccessToken(token, settings)).toBeNull();
  });

  it("does not let a token checked with one secret pass with another", async () => {
    const token = await signAccessToken(user, family, settings);
    expect(await verifyAccessToken(token, settings)).not.toBeNull();
    expect(await verifyAccessToken(token, { ...settings, jwtSecret: "another-secret-of-thirty-two-chars!!" })).toBeNull();
  });

  it("refuses a forged or altered token, however many valid ones were seen", async () => {
    const token = await signAccessToken(user, family, settings);
    await verifyAccessToken(token, settings);
    const [head, body, sig] = token.split(".");
    const altered = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), sub: "someone-else" })).toString("base64url")}.${sig}`;
    expect(await verifyAccessToken(altered, settings)).toBeNull();
    expect(await verifyAccessToken(`${token}x`, settings)).toBeNull();
  });

  it("keeps at most VERIFIED_TOKENS_MAX tokens and still verifies the oldest after it was dropped", async () => {
    const first = await signAccessToken(user, family, settings);
    await verifyAccessToken(first, settings);
    for (let i = 0; i < VERIFIED_TOKENS_MAX; i++) await verifyAccessToken(await signAccessToken(user, family, settings), settings);
    expect(await verifyAccessToken(first, settings)).toEqual({ userId: user.id, familyId: family });
  });
});
