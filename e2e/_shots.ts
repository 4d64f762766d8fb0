import { launchBrowser, newPage } from "./site-support";

const b = await launchBrowser();
const page = await newPage(b, { width: 1280, height: 900 });
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto("http://127.0.0.1:3100/api/docs");
await page.waitForLoadState("networkidle");
await page.waitForTimeout(1500);
await page.screenshot({ path: `/tmp/shots/docs.png` });
await b.close();
