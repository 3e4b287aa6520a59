// npm run admin -- grant <email>   (or revoke <email>): makes a person an admin, or a normal user again.
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { openScriptDatabase } from './script-db';

const [command, rawEmail] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !rawEmail) {
  console.error('usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>');
  process.exit(2);
}
const email = rawEmail.trim().toLowerCase();
const { database, done } = await openScriptDatabase();
try {
  const [person] = await database.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email));
  if (!person) {
    console.error(`No account uses ${email}. Register it first, then run this again.`);
    process.exitCode = 1;
  } else if (command === 'grant') {
    await database.db
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.id, person.id));
    console.log(`${email} is now an admin (was ${person.role}).`);
  } else {
    if (person.role === 'admin')
      await database.db
        .update(users)
        .set({ role: 'user', updatedAt: new Date() })
        .where(eq(users.id, person.id));
    console.log(`${email} is not an admin (role ${person.role === 'admin' ? 'user' : person.role}).`);
  }
} finally {
  await done();
}
