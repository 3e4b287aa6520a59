import type { FastifyInstance } from 'fastify';

/** What a public page says about itself in the HTML the server sends (title, description, Open Graph, JSON-LD). */
export interface HeadTags {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. `/listing/course-1`. */
  path: string;
  image?: string;
  /** What the share image shows, in words (og:image:alt); absent, the page's title. */
  imageAlt?: string;
  /** The share image's size in pixels when known (og:image:width and og:image:height). */
  imageSize?: { width: number; height: number };
  /** An Open Graph object type (ogp.me): absent, `website`. */
  type?: 'website' | 'article' | 'profile';
  jsonLd?: object[];
  noindex?: boolean;
  redirect?: undefined;
}

/** The page lives at another address now (a renamed handle's): the server answers 301 there instead. */
export type PageMoved = { redirect: string } & { [K in Exclude<keyof HeadTags, 'redirect'>]?: undefined };

export type HeadProvider = (params: Record<string, string>) => Promise<HeadTags | PageMoved | null>;

interface Registered {
  pattern: RegExp;
  keys: string[];
  provide: HeadProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers the head tags of a client route such as `/listing/:slug`. */
    addHeadProvider(route: string, provide: HeadProvider): void;
    /** Registers a source of public paths for sitemap.xml. */
    addSitemapSource(source: () => Promise<string[]>): void;
    /**
     * The head of a page: undefined when no provider has the address; null when its provider found no record
     * there (an unknown profile, listing or passport: the server then answers 404 with the app).
     */
    headFor(path: string): Promise<HeadTags | PageMoved | null | undefined>;
    sitemapPaths(): Promise<string[]>;
  }
}

const SITE = 'Luthier Registry';

/** The size of every share image the server draws (media/og-image.ts) and of the site's own og-image.png. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside a <script> element: "<" is escaped so no "</script>" can close it early. */
const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function registerHead(app: FastifyInstance): void {
  const providers: Registered[] = [];
  const sources: (() => Promise<string[]>)[] = [];
  app.decorate('addHeadProvider', (route: string, provide: HeadProvider) => {
    const keys: string[] = [];
    const source = route
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([A-Za-z]+)/g, (_m, key: string) => {
        keys.push(key);
        return '([^/]+)';
      });
    providers.push({ pattern: new RegExp(`^${source}/?$`), keys, provide });
  });
  app.decorate('addSitemapSource', (source: () => Promise<string[]>) => {
    sources.push(source);
  });
  app.decorate('headFor', async (path: string) => {
    for (const p of providers) {
      const match = p.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        p.keys.forEach((key, i) => (params[key] = decodeURIComponent(match[i + 1] ?? '')));
      } catch {
        return null;
      }
      return p.provide(params);
    }
    return undefined;
  });
  app.decorate('sitemapPaths', async () => (await Promise.all(sources.map((s) => s()))).flat());
}

/** The head of index.html with the page's own tags in place of the generic ones. */
export function renderHead(html: string, tags: HeadTags, origin: string): string {
  const url = `${origin}${tags.path}`;
  const title =
    tags.title === SITE
      ? `${SITE} — The living registry for handmade instruments`
      : `${tags.title} · ${SITE}`;
  const image = tags.image
    ? tags.image.startsWith('http')
      ? tags.image
      : `${origin}${tags.image}`
    : `${origin}/og-image.png`;
  const imageSize = tags.image ? tags.imageSize : SHARE_IMAGE_SIZE;
  const imageAlt = tags.image
    ? (tags.imageAlt ?? tags.title)
    : `${SITE}: the living registry for handmade instruments`;
  const meta = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(tags.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${tags.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(tags.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(tags.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    ...(imageSize
      ? [
          `<meta property="og:image:width" content="${imageSize.width}" />`,
          `<meta property="og:image:height" content="${imageSize.height}" />`,
        ]
      : []),
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...(tags.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(tags.jsonLd ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ].join('\n    ');
  return (
    html
      .replace(/<title>[\s\S]*?<\/title>/, '')
      // The template's own description may span lines (client/index.html as Prettier formats it).
      .replace(/<meta\s+name="description"[^>]*>/, '')
      // A function, not a replacement string: "$&", "$'" or "$`" in a name must stay text, not copy page markup.
      .replace('</head>', () => `  ${meta}\n  </head>`)
  );
}

/**
 * A course as schema.org describes who teaches it: `instructor` belongs on a CourseInstance (an offering of the
 * course), here the online, self-paced one every course is. Google's course info asks for the mode and, for a
 * self-paced course, its workload (the lessons' total time, an ISO 8601 duration).
 */
export function courseInstance(instructorName: string, workloadMinutes?: number): object {
  return {
    '@type': 'CourseInstance',
    courseMode: 'Online',
    courseWorkload: workloadMinutes === undefined ? undefined : isoDuration(workloadMinutes),
    instructor: { '@type': 'Person', name: instructorName },
  };
}

/** Minutes as an ISO 8601 duration: 95 → "PT1H35M", 0 → "PT0M". */
export function isoDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

/** Organization and WebSite (with a search action into Explore) for search engines. */
export function siteJsonLd(origin: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: SITE,
      url: origin,
      logo: `${origin}/favicon.svg`,
      description: 'The living registry for handmade instruments',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE,
      url: origin,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/explore?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** Country names (and the usual short forms) to ISO 3166-1 alpha-2, from the runtime's own region names. */
let countryCodes: Map<string, string> | undefined;
function countryCode(name: string): string | undefined {
  if (!countryCodes) {
    countryCodes = new Map([
      ['uk', 'GB'],
      ['england', 'GB'],
      ['scotland', 'GB'],
      ['wales', 'GB'],
      ['northern ireland', 'GB'],
      ['usa', 'US'],
      ['us', 'US'],
      ['united states of america', 'US'],
    ]);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const label = names.of(code);
        // Withdrawn codes (UK, BU, YU…) name a current country: keep that country's own code.
        const canonical = Intl.getCanonicalLocales(`und-${code}`)[0]?.slice(4);
        if (label && canonical === code) countryCodes.set(label.toLowerCase(), code);
      }
  }
  const key = name.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(key) && [...countryCodes.values()].includes(key.toUpperCase()))
    return key.toUpperCase();
  return countryCodes.get(key);
}

/**
 * A place written "City, Country" (or "City, Region, Country") as a schema.org PostalAddress: the country as its
 * ISO code when it is one the runtime can name, else as written.
 */
export function postalAddress(location: string): object {
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const country = parts.length > 1 ? parts[parts.length - 1]! : undefined;
  return {
    '@type': 'PostalAddress',
    addressLocality: parts[0],
    addressRegion: parts.length > 2 ? parts.slice(1, -1).join(', ') : undefined,
    addressCountry: country ? (countryCode(country) ?? country) : undefined,
  };
}
