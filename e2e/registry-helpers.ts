import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Records a service from the open passport's Service History tab and waits until the list shows it. */
export async function recordService(page: Page, serviceType: string, description: string) {
  await page.getByRole('tab', { name: 'Service History' }).click();
  await page.getByLabel('Service type').selectOption(serviceType);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save service record' }).click();
  await expect(page.getByRole('list', { name: 'Service records' }).getByText(description)).toBeVisible();
}
