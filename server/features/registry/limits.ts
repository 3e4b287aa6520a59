import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// Every registry write that reaches another person (an offer, a record waiting for approval, the mail each
// causes) is limited twice: per sender, so one account cannot flood the registry, and per recipient, so many
// accounts together cannot flood one person's inbox.

export async function limitOffer(app: FastifyInstance, userId: string, recipient: string) {
  await app.rateLimit(
    `registry:offer:user:${userId}`,
    20,
    HOUR_MS,
    'You have made many transfer offers in the last hour. Please wait before making another.',
  );
  await app.rateLimit(
    `registry:offer:to:${recipient.toLowerCase()}`,
    10,
    DAY_MS,
    'This person has received many offers today. Please try again tomorrow.',
  );
}

export const limitRegistration = (app: FastifyInstance, userId: string) =>
  app.rateLimit(
    `registry:register:user:${userId}`,
    50,
    DAY_MS,
    'You have registered many instruments today. Please continue tomorrow.',
  );

export async function limitServiceRecord(app: FastifyInstance, userId: string, ownerId: string | null) {
  await app.rateLimit(
    `registry:service:user:${userId}`,
    30,
    HOUR_MS,
    'You have added many service records in the last hour. Please wait before adding another.',
  );
  if (ownerId)
    await app.rateLimit(
      `registry:service:owner:${ownerId}`,
      20,
      DAY_MS,
      'This owner has many service records waiting today. Please try again tomorrow.',
    );
}

export const limitStolenReport = (app: FastifyInstance, userId: string) =>
  app.rateLimit(
    `registry:stolen:user:${userId}`,
    10,
    HOUR_MS,
    'You have changed stolen reports many times in the last hour. Please wait a moment.',
  );
