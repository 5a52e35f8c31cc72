import { firstRequestsFor } from '../src/shared/first-requests.js';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember } from './profile-factory.js';
import { openWithScriptsHeld } from './scripts-held.js';

/*
 * A member's first load of /home: the server names the session and the first feed page in the
 * page's Link header (preload), so the browser fetches them while the scripts download; the
 * app's own requests must take those answers, not ask again (issue 14: /home on a phone).
 */
test("a member's /home fetches its session and first feed page once each, preloaded with the page", async ({ page, browser, baseURL }) => {
  const author = await otherMember(browser, baseURL, { displayName: 'Pia Preload' });
  await createPostViaApi(author.page.request, { title: 'Preloaded pottery lessons' });
  await memberWithProfile(page, { displayName: 'Max Member' });

  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  const response = await page.goto('/home');
  const expected = firstRequestsFor('/home');
  expect(expected.length).toBeGreaterThan(1);
  for (const url of expected) expect(response?.headers().link).toContain(`<${url}>; rel=preload; as=fetch`);

  await expect(page.getByRole('heading', { level: 3, name: 'Preloaded pottery lessons' })).toBeVisible();
  // Each once, and that once is the preload (a resource the Link header started).
  await expect.poll(() => expected.filter((url) => asked.includes(url))).toEqual(expected);
  for (const url of expected) expect(asked.filter((a) => a === url), url).toHaveLength(1);
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e): [string, string] => [new URL(e.name).pathname + new URL(e.name).search, 'initiatorType' in e ? String(e.initiatorType) : '']),
  );
  for (const url of expected) expect(initiators.filter(([name]) => name === url), url).toEqual([[url, 'link']]);
  // The page's own chunk, named from the build manifest, is fetched once: /home has a first paint,
  // so main.tsx preloads the chunks the page names once that is painted (not the Link header).
  const homeChunk = initiators.filter(([name]) => /^\/assets\/home-page-[\w-]+\.js$/.test(name));
  expect(homeChunk).toHaveLength(1);
  const named = (await page.locator('#root').getAttribute('data-modules'))?.split(' ') ?? [];
  expect(named).toContain(homeChunk[0]?.[0]);
  expect(response?.headers().link).not.toContain('as=script');
  // main.tsx's start-up steps' chunks are named too (zod's warm-up is one of them), and the module
  // app-main.tsx fetches the page's data with; each named chunk is fetched once.
  expect(named.some((url) => /^\/assets\/zod-warmup-[\w-]+\.js$/.test(url))).toBe(true);
  expect(named.some((url) => /^\/assets\/home-data-[\w-]+\.js$/.test(url))).toBe(true);
  for (const url of named) expect(initiators.filter(([name]) => name === url), url).toHaveLength(1);
  // One style sheet, the page's own: the profile form's (the photo cropper's) comes with its pages only.
  expect(initiators.filter(([name]) => name.endsWith('.css')).map(([name]) => name)).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
});

/*
 * main.tsx runs its start-up steps one after another, each importing its chunk: a member's page
 * names those chunks to preload, so they download together, not a round trip per step (on a
 * phone at 150 ms of latency the app came ~1.9 s later, bench/RESULTS.md). Held at its first
 * step, a page still asks for a later step's chunk.
 */
for (const pagePath of ['/home', '/settings']) {
  test(`a member's ${pagePath} asks for main.tsx's start-up chunks together, not one step after another`, async ({ page }) => {
    await memberWithProfile(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/zod-setup-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const laterStep = page.waitForRequest(/\/assets\/zod-warmup-[\w-]+\.js$/);
    await page.goto(pagePath, { waitUntil: 'commit' });
    await laterStep;
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test("a visitor gets no preload hints, and a public page as a member names the session and the app's scripts", async ({ page }) => {
  const visitorPage = await page.request.get('/home');
  expect(visitorPage.headers().link).toBeUndefined();
  // Nor the first paint of a member's page (the app sends them to sign in).
  expect(await visitorPage.text()).toContain('<div id="root"></div>');
  await memberWithProfile(page);
  const help = await page.request.get('/help');
  const links = help.headers().link?.split(', ') ?? [];
  expect(links[0]).toBe('</api/auth/get-session>; rel=preload; as=fetch; crossorigin=anonymous');
  expect(links.some((link) => /^<\/assets\/app-main-[\w-]+\.js>; rel=preload; as=script; crossorigin=anonymous$/.test(link))).toBe(true);
  // And main.tsx's start-up steps' chunks, which it would otherwise ask for one after another.
  expect(links.some((link) => /^<\/assets\/zod-warmup-[\w-]+\.js>; rel=preload; as=script; crossorigin=anonymous$/.test(link))).toBe(true);
});

test("a visitor's prerendered sign-up page names the app's start-up chunks to preload, and fetches each once", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  await page.goto('/signup');
  const named = (await page.locator('#root').getAttribute('data-modules'))?.split(' ') ?? [];
  // main.tsx's steps (the libraries' chunks among them) are named with the app's own chunk.
  expect(named.some((url) => /^\/assets\/vendor-react-[\w-]+\.js$/.test(url))).toBe(true);
  expect(named.some((url) => /^\/assets\/app-main-[\w-]+\.js$/.test(url))).toBe(true);
  // main.tsx turned them into preload links, and each was fetched once.
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/vendor-react-"]')).toHaveCount(1);
  await expect.poll(() => named.filter((url) => scripts.includes(url))).toEqual(named);
  for (const url of named) expect(scripts.filter((s) => s === url), url).toHaveLength(1);
});

test("a visitor's /signin asks for its steps' chunks together, then hydrates", async ({ page }) => {
  // sign-in-main.tsx evaluates its modules a step per task; the page preloads the steps' chunks
  // (scripts/preload-steps-plugin.ts). Held at its first step, it still asks for the last one's.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/zod-setup-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const lastStep = page.waitForRequest(/\/assets\/sign-in-start-[\w-]+\.js$/);
  await page.goto('/signin', { waitUntil: 'commit' });
  await lastStep;
  release();
  // Hydrated: the form checks an address as it is left.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
});

test("a member's /home paints its frame and header before the scripts run; the app then takes the page over", async ({ page }) => {
  await memberWithProfile(page, { displayName: 'Fay First' });

  // The scripts held back, as on a slow phone: the header is there with the HTML.
  const release = await openWithScriptsHeld(page, '/home');
  const firstPaint = page.locator('#root[data-first-paint]');
  await expect(firstPaint.locator('h1')).toHaveText('Discover and Connect');
  await expect(firstPaint.getByText('Find neighbours to trade skills with.')).toBeVisible();
  // A picture of the page until the app runs: nothing in it can be used or is read out.
  await expect(page.getByRole('heading', { name: 'Discover and Connect' })).toHaveCount(0);
  for (const [width, height] of [
    [375, 812],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/home-first-paint-${width}.png` });
  }
  // Where the top bar's links and the title are in the picture (at 1440 px).
  const pictured = {
    home: await firstPaint.locator('nav a[href="/home"]').boundingBox(),
    title: await firstPaint.locator('h1').boundingBox(),
  };

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover and Connect' })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('[inert]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
  // The app's page is where the picture was: nothing moves when it takes over (the Me menu's
  // place was kept).
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).boundingBox()).toEqual(pictured.home);
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(pictured.title);
});

test("a member's first /home renders once, with its posts: no loading skeleton in between", async ({ page, browser, baseURL }) => {
  const author = await otherMember(browser, baseURL, { displayName: 'Ona Once' });
  await createPostViaApi(author.page.request, { title: 'Bread baking on Sundays' });
  await memberWithProfile(page, { displayName: 'Rui Render' });
  await createPostViaApi(page.request, { title: 'Guitar lessons for beginners' });

  // Whether a loading state was ever in the page, from its first byte on.
  await page.addInitScript(`
    window.__loadingSeen = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[aria-label="Loading posts"], [data-testid="my-posts-loading"]')) {
        const what = el.getAttribute('aria-label') || el.getAttribute('data-testid');
        if (!window.__loadingSeen.includes(what)) window.__loadingSeen.push(what);
      }
    }).observe(document, { childList: true, subtree: true });
  `);
  // /home-database is the same page, with the same first paint.
  for (const path of ['/home', '/home-database']) {
    const response = await page.goto(path);
    expect(await response?.text()).toContain('<div id="root" data-first-paint');
    await expect(page.getByRole('heading', { level: 3, name: 'Bread baking on Sundays' })).toBeVisible();
    await expect(page.getByTestId('my-post')).toHaveCount(1);
    expect(await page.evaluate('window.__loadingSeen'), path).toEqual([]);
  }
});

test("the pages' early-events script is a hashed asset, cached as immutable", async ({ page }) => {
  for (const pagePath of ['/', '/signin', '/signup']) {
    await page.goto(pagePath);
    const src = await page.locator('script[async][src*="early-events"]').getAttribute('src');
    expect(src, pagePath).toMatch(/^\/assets\/early-events-[\w-]+\.js$/);
    const res = await page.request.get(src ?? '');
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});
