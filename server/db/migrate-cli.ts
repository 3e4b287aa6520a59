// npm run db:migrate: applies the migrations to the configured database (a new embedded data folder is built
// whole first, as the server's first start builds it: scripts/script-db.ts).
import { openScriptDatabase } from '../../scripts/script-db';

const { database, done } = await openScriptDatabase();
await done();
console.log(`Migrations applied (${database.kind}).`);
