const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id is a uuid: anything else names no row, and PostgreSQL would refuse it as a uuid value. */
export const isUuid = (id: string): boolean => UUID.test(id);
