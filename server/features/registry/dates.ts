import { badRequest } from '../../plugins/errors';
import { today } from '../../db/builders/registry';

/**
 * A date in a passport (a service, a theft) must lie between the start of the year the instrument was made and
 * today: a record cannot describe the future or a time before the instrument existed.
 */
export function checkPassportDate(date: string, yearMade: number, field: string): void {
  const fail = (message: string) => badRequest(message, { [field]: message });
  if (date > today()) throw fail('The date cannot be in the future.');
  if (date < `${String(yearMade).padStart(4, '0')}-01-01`)
    throw fail(`The date cannot be before the instrument was made (${yearMade}).`);
}
