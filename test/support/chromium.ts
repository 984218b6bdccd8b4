/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags the
 * project's machines need, and a page that records every console error and uncaught exception.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const chromiumInstalled = (): boolean => existsSync(CHROMIUM_PATH);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A new page that collects console errors and page errors into `errors`. */
export async function watchedPage(
  browser: Browser,
  options: { colorScheme?: "light" | "dark" } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
  return { page, errors };
}

export async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/signin`);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
}
