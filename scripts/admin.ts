// npm run admin -- grant <email>   (or revoke <email>): makes a person an admin, or a normal user again.
// npm run admin -- keys list | keys retire <kid> | keys revoke <kid>: the certificate signing keys.
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { listKeys, retireKey, revokeKey } from '../server/certificates/keys';
import { users } from '../server/db/schema';
import { openScriptDatabase } from './script-db';

const USAGE = `usage: npm run admin -- grant <email>
       npm run admin -- revoke <email>
       npm run admin -- keys list
       npm run admin -- keys retire <kid>   (signs no more; still verifies what it signed)
       npm run admin -- keys revoke <kid>   (what it signed shows as revoked)`;

const [command, arg, kid] = process.argv.slice(2);
const roleCommand = (command === 'grant' || command === 'revoke') && !!arg;
const keysCommand =
  command === 'keys' && (arg === 'list' || ((arg === 'retire' || arg === 'revoke') && !!kid));
if (!roleCommand && !keysCommand) {
  console.error(USAGE);
  process.exit(2);
}

async function setRole(db: Db, grant: boolean, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const [person] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email));
  if (!person) {
    console.error(`No account uses ${email}. Register it first, then run this again.`);
    process.exitCode = 1;
  } else if (grant) {
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, person.id));
    console.log(`${email} is now an admin (was ${person.role}).`);
  } else {
    if (person.role === 'admin')
      await db.update(users).set({ role: 'user', updatedAt: new Date() }).where(eq(users.id, person.id));
    console.log(`${email} is not an admin (role ${person.role === 'admin' ? 'user' : person.role}).`);
  }
}

async function keys(db: Db, action: string, kid: string | undefined) {
  if (action === 'list') {
    const rows = await listKeys(db);
    if (!rows.length) console.log('No certificate keys yet: one is generated at the first start.');
    for (const k of rows)
      console.log(
        [
          k.kid,
          k.status,
          k.source,
          `created ${k.createdAt.toISOString()}`,
          `${k.certificates} certificate${k.certificates === 1 ? '' : 's'}`,
          k.published ? 'published' : 'not published',
          ...(k.retiredAt ? [`retired ${k.retiredAt.toISOString()}`] : []),
          ...(k.revokedAt ? [`revoked ${k.revokedAt.toISOString()}`] : []),
        ].join('  '),
      );
    return;
  }
  const result = action === 'retire' ? await retireKey(db, kid!) : await revokeKey(db, kid!);
  if (result === 'unknown') {
    console.error(`No certificate key has the id ${kid}. See npm run admin -- keys list.`);
    process.exitCode = 1;
  } else if (result === 'already') {
    console.log(`Key ${kid} was already ${action === 'retire' ? 'retired' : 'revoked'}.`);
  } else if (action === 'retire') {
    console.log(
      `Key ${kid} is retired: it signs no more certificates (the next one is signed with another key) and stays published, so what it signed still verifies.`,
    );
  } else {
    console.log(
      `Key ${kid} is revoked: it left /.well-known/jwks.json and every certificate it signed now says its signing key was revoked.`,
    );
  }
}

const { database, done } = await openScriptDatabase();
try {
  if (command === 'keys') await keys(database.db, arg, kid);
  else await setRole(database.db, command === 'grant', arg);
} finally {
  await done();
}
