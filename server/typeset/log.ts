import pino from 'pino';

// Where the typesetter reports what it could not draw as written (a character no committed face has). The server
// hands it its own logger when it starts (main.ts); scripts and tests get a plain pino logger.

export interface TypesetLog {
  warn(details: Record<string, unknown>, message: string): void;
}

let sink: TypesetLog = pino({ level: process.env.LOG_LEVEL ?? 'info' });

export const typesetLog: TypesetLog = { warn: (details, message) => sink.warn(details, message) };

export function setTypesetLog(log: TypesetLog) {
  sink = log;
}
