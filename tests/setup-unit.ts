import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error fails the test (CONVENTIONS habit 9).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});
