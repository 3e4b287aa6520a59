import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isoDuration, postalAddress, renderHead, siteJsonLd } from './head';

const html =
  '<html><head><title>Generic</title><meta name="description" content="generic" /></head><body></body></html>';

describe('renderHead', () => {
  it('replaces the generic title and description and adds canonical, Open Graph and JSON-LD', () => {
    const out = renderHead(
      html,
      {
        title: 'Violin by Bellandi',
        description: 'A 2019 violin',
        path: '/instruments/x',
        jsonLd: [{ '@type': 'Product' }],
      },
      'https://lr.example',
    );
    expect(out).not.toContain('Generic');
    expect(out).toContain('<title>Violin by Bellandi · Luthier Registry</title>');
    expect(out).toContain('<meta name="description" content="A 2019 violin" />');
    expect(out).toContain('<link rel="canonical" href="https://lr.example/instruments/x" />');
    expect(out).toContain('<meta property="og:image" content="https://lr.example/og-image.png" />');
    expect(out).toContain('<script type="application/ld+json">{"@type":"Product"}</script>');
  });

  it('leaves one title and one description in the real page template', () => {
    const template = fs.readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
    const out = renderHead(
      template,
      { title: 'Explore courses', description: 'Courses', path: '/explore' },
      'https://lr.example',
    );
    expect(out.match(/<title>/g)).toHaveLength(1);
    expect(out.match(/name="description"/g)).toHaveLength(1);
    expect(out).toContain('<meta name="description" content="Courses" />');
  });

  it('escapes hostile text so nothing can break out of attributes or the JSON-LD script', () => {
    const evil = '"><script>alert(1)</script></script><!--';
    const out = renderHead(
      html,
      { title: evil, description: evil, path: '/u/x', jsonLd: [{ name: evil }] },
      'https://lr.example',
    );
    expect(out).not.toContain('<script>alert(1)');
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(out)?.[1];
    expect(JSON.parse(json!)).toEqual({ name: evil });
  });

  it('keeps $ sequences in names as text: they never copy page markup', () => {
    const template = fs.readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
    for (const name of ['Ana $& Co', "Shop $' after", 'Shop $` before', 'Shop $$ and $1']) {
      const out = renderHead(
        template,
        { title: name, description: `${name} workshop`, path: '/l/x', jsonLd: [{ name }] },
        'https://lr.example',
      );
      expect(out).toContain(
        `<title>${name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} · Luthier Registry</title>`,
      );
      expect(out.match(/<\/head>/g)).toHaveLength(1);
      expect(out.match(/<body/g)).toHaveLength(1);
      expect(out.match(/<title>/g)).toHaveLength(1);
      expect(out.length).toBeLessThan(template.length + 2000);
    }
  });

  it('describes the site with a search action into Explore', () => {
    const [org, site] = siteJsonLd('https://lr.example') as [
      Record<string, unknown>,
      { potentialAction: { target: { urlTemplate: string } } },
    ];
    expect(org['@type']).toBe('Organization');
    expect(site.potentialAction.target.urlTemplate).toBe('https://lr.example/explore?q={search_term_string}');
  });
});

describe('structured-data values', () => {
  it('writes a course workload as an ISO 8601 duration', () => {
    expect(isoDuration(95)).toBe('PT1H35M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(7)).toBe('PT7M');
    expect(isoDuration(0)).toBe('PT0M');
  });

  it('reads "City, Country" as a postal address with the ISO country code', () => {
    expect(postalAddress('Córdoba, Spain')).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Córdoba',
      addressCountry: 'ES',
    });
    expect(postalAddress('Leeds, UK')).toMatchObject({ addressLocality: 'Leeds', addressCountry: 'GB' });
    expect(postalAddress('Austin, Texas, United States')).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Austin',
      addressRegion: 'Texas',
      addressCountry: 'US',
    });
    // A country the runtime cannot name stays as written; a bare place is a locality.
    expect(postalAddress('Mirecourt, Lorraine Republic')).toMatchObject({
      addressCountry: 'Lorraine Republic',
    });
    expect(postalAddress('Cremona')).toEqual({ '@type': 'PostalAddress', addressLocality: 'Cremona' });
  });
});
