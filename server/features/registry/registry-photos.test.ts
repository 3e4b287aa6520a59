import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api, instrumentOf, luthierWithShop } from './registry-test-kit';

let t: TestApp;
let maker: Awaited<ReturnType<typeof luthierWithShop>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
let instrumentId: string;

/** A multipart/form-data body with one file part and optional text fields before it. */
function multipart(file: Buffer, filename: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `----lr${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(cookie: string | null, body: ReturnType<typeof multipart>, id = instrumentId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/registry/instruments/${id}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

const jpeg = (color = '#a0522d') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer();

beforeAll(async () => {
  // Limits at their real size: this file checks the 60-uploads-an-hour rule.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  maker = await luthierWithShop(t);
  owner = await signedInUser(t, { displayName: 'Photo Owner' });
  stranger = await signedInUser(t);
  const inst = await instrumentOf(t, maker.shop.id, {
    history: [
      { userId: owner.user.id, ownerName: 'Photo Owner', startDate: '2024-01-01', acquisitionMethod: 'gift' },
    ],
  });
  instrumentId = inst.id;
});
afterAll(async () => t.close());

describe('photos', () => {
  it('the owner uploads; the maker after a transfer and strangers get 403, guests 401, unknown ids 404', async () => {
    const body = multipart(await jpeg(), 'a.jpg', 'image/jpeg', { caption: 'Front view' });
    expect((await upload(stranger.cookie, body)).statusCode).toBe(403);
    const refused = await upload(maker.cookie, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Ask the owner: after a transfer only the owner changes the photos.');
    expect((await upload(null, body)).statusCode).toBe(401);
    expect((await upload(owner.cookie, body, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const first = await upload(owner.cookie, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ caption: 'Front view', isPrimary: true, orderIndex: 0 });
    expect(first.json().imageUrl).toMatch(/^\/media\/[0-9a-f-]+\/640\.webp$/);
    const second = await upload(owner.cookie, multipart(await jpeg('#333'), 'b.jpg', 'image/jpeg'));
    expect(second.json()).toMatchObject({ isPrimary: false, orderIndex: 1 });
  });

  it('stores no EXIF or GPS', async () => {
    const res = await upload(owner.cookie, multipart(await jpeg(), 'gps.jpg', 'image/jpeg'));
    const stored = await t.app.inject({ url: res.json().url });
    expect(stored.statusCode).toBe(200);
    const bytes = stored.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('rejects a text file, a polyglot, an oversize file and a pixel bomb', async () => {
    const text = await upload(
      owner.cookie,
      multipart(Buffer.from('hello, not an image'), 'x.jpg', 'image/jpeg'),
    );
    expect(text.statusCode).toBe(415);
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    expect((await upload(owner.cookie, multipart(polyglot, 'p.jpg', 'image/jpeg'))).statusCode).toBe(415);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(15 * 1024 * 1024 + 10)]);
    expect((await upload(owner.cookie, multipart(big, 'big.jpg', 'image/jpeg'))).statusCode).toBe(413);
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload(owner.cookie, multipart(bomb, 'bomb.png', 'image/png'))).statusCode).toBe(413);
    const json = await api(t, owner.cookie).post(`/api/registry/instruments/${instrumentId}/images`, {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
  });

  it('edits captions, sets the primary, reorders and deletes (owner only)', async () => {
    const url = `/api/registry/instruments/${instrumentId}`;
    const images = (await api(t, owner.cookie).get(url)).json().images as {
      id: string;
      isPrimary: boolean;
    }[];
    const [a, b] = images;
    expect(a && b).toBeTruthy();
    // The registry card shows the primary photo, at 640 px, and follows it when another becomes primary: in the
    // public list, and on the dashboard of the owner (owned) and of the maker (registered).
    type Card = { id: string; imageUrl: string | null };
    const card = async () => {
      const listed = (await api(t, null).get('/api/registry/instruments?pageSize=100'))
        .json<Card[]>()
        .find((i) => i.id === instrumentId);
      const owned = (await api(t, owner.cookie).get('/api/registry/me'))
        .json<{ owned: Card[] }>()
        .owned.find((i) => i.id === instrumentId);
      const registered = (await api(t, maker.cookie).get('/api/registry/me'))
        .json<{ registered: Card[] }>()
        .registered.find((i) => i.id === instrumentId);
      expect(owned?.imageUrl).toBe(listed?.imageUrl);
      expect(registered?.imageUrl).toBe(listed?.imageUrl);
      return listed;
    };
    const a640 = (images as { id: string; imageUrl?: string }[]).find((i) => i.id === a!.id)?.imageUrl;
    expect((await card())?.imageUrl).toBe(a640);
    expect((await api(t, stranger.cookie).patch(`${url}/images/${b!.id}`, { caption: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await api(t, owner.cookie).patch(`${url}/images/${b!.id}`, { caption: 'Back', isPrimary: true }))
        .statusCode,
    ).toBe(200);
    let now = (await api(t, owner.cookie).get(url)).json().images as {
      id: string;
      isPrimary: boolean;
      caption: string;
    }[];
    expect(now.find((i) => i.id === b!.id)).toMatchObject({ isPrimary: true, caption: 'Back' });
    expect(now.filter((i) => i.isPrimary)).toHaveLength(1);
    const b640 = (now as { id: string; imageUrl?: string }[]).find((i) => i.id === b!.id)?.imageUrl;
    expect(b640).toMatch(/\/640\.webp$/);
    expect((await card())?.imageUrl).toBe(b640);
    const reversed = now.map((i) => i.id).reverse();
    expect((await api(t, maker.cookie).put(`${url}/images/order`, { imageIds: reversed })).statusCode).toBe(
      403,
    );
    expect((await api(t, owner.cookie).put(`${url}/images/order`, { imageIds: reversed })).statusCode).toBe(
      200,
    );
    expect(
      (await api(t, owner.cookie).put(`${url}/images/order`, { imageIds: reversed.slice(1) })).statusCode,
    ).toBe(400);
    now = (await api(t, owner.cookie).get(url)).json().images;
    expect(now.map((i) => i.id)).toEqual(reversed);
    expect((await api(t, stranger.cookie).del(`${url}/images/${b!.id}`)).statusCode).toBe(403);
    expect((await api(t, maker.cookie).del(`${url}/images/${b!.id}`)).statusCode).toBe(403);
    expect((await api(t, owner.cookie).del(`${url}/images/${b!.id}`)).statusCode).toBe(200);
    now = (await api(t, owner.cookie).get(url)).json().images;
    expect(now.some((i) => i.id === b!.id)).toBe(false);
    expect(now.filter((i) => i.isPrimary)).toHaveLength(1);
    const events = (await api(t, owner.cookie).get(url)).json().events.map((e: { type: string }) => e.type);
    expect(events).toContain('photo_added');
    expect(events).toContain('photo_removed');
  });

  it('limits uploads to 60 an hour per person', async () => {
    const uploader = await signedInUser(t, { displayName: 'Busy Owner' });
    const inst = await instrumentOf(t, maker.shop.id, {
      history: [{ userId: uploader.user.id, ownerName: 'Busy Owner', startDate: '2024-01-01' }],
    });
    const url = `/api/registry/instruments/${inst.id}/images`;
    const statuses: number[] = [];
    // Not multipart, so each attempt is refused (415) after counting, without decoding anything.
    for (let i = 0; i < 61; i++)
      statuses.push((await api(t, uploader.cookie).post(url, { file: 'x' })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 415)).toBe(true);
    const limited = await api(t, uploader.cookie).post(url, { file: 'x' });
    expect(statuses[60]).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
