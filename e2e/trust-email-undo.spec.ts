import { expect, test } from './fixtures';
import { linkFromOutbox, registerPerson } from './accounts-helpers';
import { expectAccessibleAtWidths } from './a11y-helpers';

test.describe('trust: an email change can be undone from the previous address', () => {
  test('the old address gets an undo link; confirming it with the keyboard restores the address and mails a reset link', async ({
    page,
    browser,
  }) => {
    // Someone signed in to the account (here: the page's own session) moves it to another address.
    const person = await registerPerson(page.request);
    const moved = `moved-${person.tag}@example.test`;
    const asked = await page.request.post('/api/account/email', {
      data: { email: moved, password: person.password },
    });
    expect(asked.status()).toBe(200);
    await page.goto(await linkFromOutbox(moved, 'verify-email'));
    await expect(page.getByRole('status')).toContainText(`Your email address is now ${moved}`);

    // The owner opens the mail sent to the previous address, in a browser of their own.
    const owner = await browser.newPage();
    await owner.goto(await linkFromOutbox(person.email, 'undo-email-change'));
    await expect(owner.getByRole('heading', { level: 1, name: 'Undo the email change' })).toBeVisible();
    await expect(owner.getByText('every device is signed out;')).toBeVisible();
    await expectAccessibleAtWidths(owner, 'the undo page');

    const confirm = owner.getByRole('button', { name: 'Undo the change and secure my account' });
    await confirm.focus();
    await owner.keyboard.press('Enter');
    const done = owner.getByRole('status');
    await expect(done).toContainText(`Done: ${person.email} is your account's address again`);
    await expect(done).toBeFocused();
    await expectAccessibleAtWidths(owner, 'the undo page, done');

    // The session that made the change has ended, and a reset link went to the restored address.
    expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
    expect(await linkFromOutbox(person.email, 'reset-password')).toContain('/reset-password?token=');
    await owner.close();
  });
});
