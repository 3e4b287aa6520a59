import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KINDS, NOTIFICATION_KINDS, SHOP_KINDS } from '../../../contract/notifications';
import { createShop } from '../../db/builders/accounts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app';
import { api } from '../registry/registry-test-kit';

// The mail settings offer only what can happen to this person: a shop's kinds once they have a shop, admins'
// kinds to admins. The server still takes a setting for any kind and keeps it until it can apply.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PREFS = '/api/account/notification-preferences';

describe('the kinds of notification a person is offered', () => {
  it('leaves out a shop’s kinds until there is a shop, keeping a setting made before', async () => {
    const member = await signedInUser(t, { displayName: 'No Shop Yet', handle: 'no-shop-yet' });
    const before = (await api(t, member.cookie).get(PREFS)).json();
    expect(before.kinds).toEqual(
      NOTIFICATION_KINDS.filter((k) => !SHOP_KINDS.includes(k) && !ADMIN_KINDS.includes(k)),
    );
    expect(before.kinds).toContain('offer_received');
    expect(before.kinds).not.toContain('shop_message');

    // A client sending a shop's kind anyway is answered, and the setting kept.
    const put = await api(t, member.cookie).put(PREFS, { mail: { shop_message: false } });
    expect(put.statusCode).toBe(200);
    expect(put.json().kinds).not.toContain('shop_message');

    await createShop(t.db, member.user.id, { name: 'Late Workshop' });
    const after = (await api(t, member.cookie).get(PREFS)).json();
    expect(after.kinds).toEqual(NOTIFICATION_KINDS.filter((k) => !ADMIN_KINDS.includes(k)));
    expect(after.mail.shop_message).toBe(false);
    expect(after.mail.service_claim).toBe(true);
  });

  it('offers an admin every kind', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await api(t, admin.cookie).get(PREFS)).json().kinds).toEqual([...NOTIFICATION_KINDS]);
  });
});
