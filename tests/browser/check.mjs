// arbiter's published site (`arbiter publish --out SITE`) checked in headless Chromium: Debian's
// /usr/bin/chromium driven by playwright-core (pinned in package-lock.json; Playwright's own
// browsers are never downloaded).
//
//   node tests/browser/check.mjs SITE ARTEFACTS
//
// Every page of SITE is loaded from file:// (both languages) and must:
//   - log no console error and throw no page error;
//   - request nothing but files of the site (any other URL, or a failed request, is an error);
//   - have every internal link resolve (a/link href, img/script/iframe/source src), to a file of
//     the site and, with `#id`, to an element with that id on the target page;
//   - say its language in <html lang> (en/… is "en", ru/… is "ru");
//   - fit a 390px-wide phone screen (no horizontal scrolling of the page itself).
// The language switch is clicked on a clause page, a scenario page and the results matrix, in
// both directions, and must land on the same page in the other language. Screenshots (desktop
// and phone) of those three pages in every language go into ARTEFACTS as PNG.
//
// Exits 1 with the list of failures, 2 when it cannot run (no Chromium, bad arguments).

import { readdirSync, mkdirSync, existsSync } from 'node:fs';
import { join, resolve, relative, sep } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.ARBITER_CHROMIUM || '/usr/bin/chromium';
const PHONE = 390;
const DESKTOP = { width: 1280, height: 900 };
const PHONE_OPTIONS = {
  viewport: { width: PHONE, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const WORKERS = Math.max(1, Number(process.env.ARBITER_BROWSER_WORKERS || 2));
// The pages photographed, each in every language: a rulebook scrolled to a clause (one screen),
// a scenario (the whole page) and the results matrix (its first screen: the whole is thousands
// of pixels tall).
const SHOTS = [
  { name: 'clause', page: 'rulebook/fide-2023.html', anchor: 'c-9-2', full: false },
  {
    name: 'scenario',
    page: 'scenario/fide-2023--fifty--black-intended-move-9-3-1-after-white-premature.html',
    full: true,
  },
  { name: 'matrix', page: 'matrix.html', full: false },
  { name: 'feature', page: 'feature/fifty-claim.html', full: true },
  // The changes from one edition to the next (`arbiter diff` on the site).
  { name: 'changes', page: 'changes/fide-2018--fide-2023.html', full: false },
];

const [siteArg, artArg] = process.argv.slice(2);
if (!siteArg || !artArg) {
  console.error('usage: node check.mjs SITE ARTEFACTS');
  process.exit(2);
}
const site = resolve(siteArg);
const artefacts = resolve(artArg);
if (!existsSync(join(site, 'index.html'))) {
  console.error(`check.mjs: ${site} has no index.html (run \`arbiter publish --out ${siteArg}\`)`);
  process.exit(2);
}
if (!existsSync(CHROMIUM)) {
  console.error(`check.mjs: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(2);
}
mkdirSync(artefacts, { recursive: true });

const failures = new Map(); // kind -> Set of "page: what"
function fail(kind, where, what) {
  if (!failures.has(kind)) failures.set(kind, new Set());
  failures.get(kind).add(`${inSite(where) ?? where}: ${what}`);
}

function walk(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
const files = new Set(walk(site).map((p) => relative(site, p).split(sep).join('/')));
const pages = [...files].filter((f) => f.endsWith('.html')).sort();
const languages = [...new Set(pages.filter((p) => p.includes('/')).map((p) => p.split('/')[0]))];

/** The site-relative path of a file:// URL inside the site, or null. */
function inSite(url) {
  let path;
  try {
    path = fileURLToPath(url.split('#')[0]);
  } catch {
    return null;
  }
  const rel = relative(site, path);
  if (rel.startsWith('..') || resolve(site, rel) !== path) return null;
  return rel.split(sep).join('/');
}
const urlOf = (page, anchor) => pathToFileURL(join(site, page)).href + (anchor ? `#${anchor}` : '');

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--disable-dev-shm-usage', // containers' /dev/shm is often too small
  ],
});
const started = Date.now();

/** A context whose pages report console errors, page errors and requests that leave the site. */
async function newContext(options) {
  const context = await browser.newContext(options);
  // Nothing outside the site is fetched: such requests are aborted (and reported below).
  await context.route(
    (url) => url.protocol !== 'file:' && url.protocol !== 'data:',
    (route) => route.abort(),
  );
  context.on('page', (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error') fail('console error', page.url(), `console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => fail('page error', page.url(), `page error: ${e.message}`));
    page.on('requestfailed', (r) => fail('failed request', page.url(), `request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) {
        fail('request outside the site', page.url(), `requests ${r.url()} (outside the site)`);
      }
    });
  });
  return context;
}

// 1. Every page, on a phone (390px wide, the page's viewport meta honoured; links, ids and
// errors do not depend on the width): load it, collect its ids and links, check its language
// and that it does not scroll sideways.
const ids = new Map(); // page -> Set of ids
const links = []; // { from, url }
const context = await newContext({ ...PHONE_OPTIONS, deviceScaleFactor: 1 });
let next = 0;
async function worker() {
  const page = await context.newPage();
  while (next < pages.length) {
    const rel = pages[next++];
    try {
      await page.goto(urlOf(rel), { waitUntil: 'load' });
    } catch (e) {
      fail('page that does not load', rel, `does not load: ${e.message.split('\n')[0]}`);
      continue;
    }
    const seen = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      width: document.documentElement.scrollWidth,
      ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
      links: [
        ...[...document.querySelectorAll('a[href], link[href], area[href]')].map((e) => e.href),
        ...[...document.querySelectorAll('img[src], script[src], iframe[src], source[src], video[src], audio[src]')].map((e) => e.src),
      ],
    }));
    ids.set(rel, new Set(seen.ids));
    for (const url of seen.links) links.push({ from: rel, url });
    const lang = rel.includes('/') ? rel.split('/')[0] : null;
    if (lang && seen.lang !== lang) fail('wrong <html lang>', rel, `<html lang="${seen.lang}">, not "${lang}"`);
    if (seen.width > PHONE) fail('too wide for a phone', rel, `${seen.width}px wide on a ${PHONE}px phone (scrolls sideways)`);
  }
  await page.close();
}
await Promise.all(Array.from({ length: WORKERS }, worker));
await context.close();
const loaded = Date.now();

// 2. Every link resolves: to a file of the site, and its anchor to an id on that page.
let internal = 0;
for (const { from, url } of links) {
  if (!url.startsWith('file:')) {
    if (!/^(mailto|tel):/.test(url)) fail('link outside the site', from, `links outside the site: ${url}`);
    continue;
  }
  internal++;
  const target = inSite(url);
  if (target === null) {
    fail('link outside the site', from, `links outside the site folder: ${url}`);
    continue;
  }
  if (!files.has(target)) {
    fail('link to no file', from, `link to ${target}: no such file`);
    continue;
  }
  const hash = new URL(url).hash;
  if (hash && hash !== '#') {
    const id = decodeURIComponent(hash.slice(1));
    const there = ids.get(target);
    if (there && !there.has(id)) fail('link to no id', from, `link to ${target}#${id}: no such id there`);
  }
}

// 3. The language switch, clicked on each photographed page in each language.
for (const { page: p, anchor } of SHOTS) {
  for (const lang of languages) {
    const rel = `${lang}/${p}`;
    if (!files.has(rel)) fail('page to photograph missing', rel, 'no such page');
    else if (anchor && !ids.get(rel)?.has(anchor)) fail('page to photograph missing', rel, `no #${anchor}`);
  }
}
const present = SHOTS.filter(({ page: p }) => languages.every((l) => files.has(`${l}/${p}`)));
const switching = await newContext({ viewport: DESKTOP });
const page = await switching.newPage();
for (const { page: p, anchor } of present) {
  for (const from of languages) {
    for (const to of languages.filter((l) => l !== from)) {
      const start = `${from}/${p}`;
      await page.goto(urlOf(start, anchor));
      const link = page.locator(`nav a[hreflang="${to}"]`);
      if ((await link.count()) !== 1) {
        fail('language switch', start, `${await link.count()} language links to "${to}" (want 1)`);
        continue;
      }
      await Promise.all([page.waitForURL((u) => inSite(u.href) !== `${from}/${p}`), link.click()]);
      const landed = inSite(page.url());
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (landed !== `${to}/${p}`) fail('language switch', start, `the switch to "${to}" lands on ${landed ?? page.url()}`);
      if (lang !== to) fail('language switch', start, `the switch to "${to}" lands on a page with <html lang="${lang}">`);
    }
  }
}
await switching.close();

// 4. Screenshots: desktop, and a phone (390px, touch, the page's viewport meta honoured).
const shots = [];
for (const [device, options] of [
  ['desktop', { viewport: DESKTOP }],
  ['phone', PHONE_OPTIONS],
]) {
  const ctx = await newContext(options);
  const page = await ctx.newPage();
  for (const lang of languages) {
    for (const { name, page: p, anchor, full } of present) {
      await page.goto(urlOf(`${lang}/${p}`, anchor));
      if (name === 'changes') {
        // Rendered: the clauses' table (5.1.2 among them, a word diff struck and inserted),
        // and the scenarios ruled differently, linked to their pages.
        const seen = await page.evaluate(() => ({
          rows: document.querySelectorAll('table tr').length,
          clause: !!document.getElementById('c-5-1-2'),
          diffs: document.querySelectorAll('td ins').length + document.querySelectorAll('td del').length,
          games: document.querySelectorAll('h3 + ul a[href*="scenario/"]').length,
          visible: document.querySelector('table')?.getBoundingClientRect().height ?? 0,
        }));
        if (seen.rows < 10 || !seen.clause || seen.diffs < 10 || seen.games < 1 || seen.visible < 100) {
          fail('change page', `${lang}/${p}`, JSON.stringify(seen));
        }
      }
      const file = join(artefacts, `${name}-${lang}-${device}.png`);
      await page.screenshot({ path: file, fullPage: full });
      shots.push(file);
    }
  }
  await ctx.close();
}
await browser.close();

const seconds = (ms) => (ms / 1000).toFixed(1);
console.log(
  `check.mjs: ${pages.length} pages loaded in Chromium (${seconds(loaded - started)}s), ` +
    `${internal} internal links checked, language switch on ${present.length} pages × ${languages.length} languages, ` +
    `${shots.length} screenshots in ${artefacts} (${seconds(Date.now() - started)}s in all)`,
);
if (failures.size) {
  // Each kind of failure with its first few cases: a broken template breaks thousands of pages.
  const total = [...failures.values()].reduce((n, s) => n + s.size, 0);
  console.error(`check.mjs: FAILED, ${total} failures:`);
  for (const [kind, cases] of failures) {
    console.error(`${kind} (${cases.size}):`);
    const list = [...cases];
    for (const c of list.slice(0, 25)) console.error(`  ${c}`);
    if (list.length > 25) console.error(`  … and ${list.length - 25} more`);
  }
  process.exit(1);
}
