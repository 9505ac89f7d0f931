// Scheduled publishing in the admin's Questions tab: the next 14 SAST days with their gaps, and a draft's schedule
// control (date and time in UTC, 13:00 by default, the SAST time beside them) — schedule, see it in the queue and on
// the card, reschedule, unschedule. At 390 px (light) and 360 px (dark); axe clean, no sideways scrolling.
import { expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { closeToasts, expectAccessible, expectFitsNarrowScreen, expectVisible, narrowPage, screenshot, signInAsAdmin, stackPage, startBrowserStack } from './browser';

startBrowserStack();

const DAY_MS = 86_400_000;
/** The UTC date `days` from now, YYYY-MM-DD (13:00 UTC on it is 15:00 SAST the same day). */
const utcDate = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function createDraft(request: APIRequestContext, text: string): Promise<string> {
  const created = await request.post('/api/admin/questions', {
    data: { text, date: new Date().toISOString(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function scheduleInDialog(page: Page, id: string, date: string, name: 'Schedule' | 'Reschedule') {
  const item = page.locator(`[data-question-id="${id}"]`).first();
  await item.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule publishing' });
  await expectVisible(dialog);
  await dialog.getByLabel('Date (UTC)').fill(date);
  await expectVisible(dialog.getByText('South African time: 15:00 SAST'));
  return dialog;
}

test('at 390 px: the queue shows the gaps; a draft is scheduled, shown on its day and its card, moved and unscheduled', async () => {
  const { context, page } = await stackPage();
  try {
    await signInAsAdmin(page);
    const text = `Will the schedule e2e ${Date.now().toString(36)} publish on time`;
    const id = await createDraft(context.request, text);
    await page.goto('/admin');
    const queue = page.getByRole('region', { name: 'The next 14 days' });
    await expectVisible(queue);
    await expect.poll(() => queue.locator('.sched-day').count()).toBe(14);
    await expectVisible(queue.getByText(/^No question scheduled for /).first());

    // The control: 13:00 UTC today (or tomorrow) by default, the SAST time beside it.
    const item = page.locator(`[data-question-id="${id}"]`).first();
    await item.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule publishing' });
    await expect.poll(() => dialog.getByLabel('Time (UTC)').inputValue()).toBe('13:00');
    await expectVisible(dialog.getByText('South African time: 15:00 SAST'));
    await dialog.getByLabel('Time (UTC)').fill('23:30');
    await expectVisible(dialog.getByText(/South African time: 01:30 SAST, /));
    await dialog.getByLabel('Time (UTC)').fill('13:00');
    const date = utcDate(3);
    await dialog.getByLabel('Date (UTC)').fill(date);
    await expectAccessible(page, '/admin schedule dialog');
    await screenshot(page, 'schedule-dialog-390');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/questions/${id}/schedule`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    expect((await saved).status()).toBe(200);
    await expectVisible(page.getByText('Question scheduled', { exact: true }));
    await closeToasts(page);

    // On its day in the queue (no longer a gap) and on its card.
    const day = queue.locator(`[data-day="${date}"]`);
    await expectVisible(day.getByText(`${text}?`));
    await expect.poll(() => day.getAttribute('class')).toBe('sched-day');
    await expectVisible(day.getByText('15:00 SAST'));
    await expectVisible(item.getByText(/Publishes .*, 13:00 UTC \(15:00 SAST\)/));
    await day.scrollIntoViewIfNeeded();
    await expectAccessible(page, '/admin schedule queue');
    await screenshot(page, 'schedule-queue-390');

    // Moved to another day: the old day is a gap again.
    const later = utcDate(5);
    const moving = await scheduleInDialog(page, id, later, 'Reschedule');
    await moving.getByRole('button', { name: 'Reschedule' }).click();
    await expectVisible(queue.locator(`[data-day="${later}"]`).getByText(`${text}?`));
    await expect.poll(() => day.getAttribute('class')).toBe('sched-day sched-day--gap');
    await closeToasts(page);

    // Unscheduled: nowhere in the queue, an ordinary draft again.
    await item.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('dialog', { name: 'Schedule publishing' }).getByRole('button', { name: 'Unschedule' }).click();
    await expectVisible(page.getByText('Schedule removed', { exact: true }));
    await expect.poll(() => queue.getByText(`${text}?`).count()).toBe(0);
    await expectVisible(item.getByRole('button', { name: 'Schedule' }));
    const all = (await (await context.request.get('/api/admin/questions')).json()) as { id: string; scheduledFor: string | null; isPublished: boolean }[];
    expect(all.find((q) => q.id === id)).toMatchObject({ scheduledFor: null, isPublished: false });
  } finally {
    await context.close();
  }
});

test('at 360 px in the dark: the queue and the schedule control fit, axe clean', async () => {
  const { context, page } = await narrowPage({ colorScheme: 'dark' });
  try {
    await signInAsAdmin(page);
    const text = `Will the narrow schedule e2e ${Date.now().toString(36)} fit on a small phone screen without scrolling sideways`;
    const id = await createDraft(context.request, text);
    await page.goto('/admin');
    const queue = page.getByRole('region', { name: 'The next 14 days' });
    await expectVisible(queue);
    const dialog = await scheduleInDialog(page, id, utcDate(1), 'Schedule');
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin schedule dialog (360, dark)');
    await screenshot(page, 'schedule-dialog-360-dark');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expectVisible(queue.locator(`[data-day="${utcDate(1)}"]`).getByText(`${text}?`));
    await closeToasts(page);
    await queue.scrollIntoViewIfNeeded();
    await expectFitsNarrowScreen(page);
    await expectAccessible(page, '/admin schedule queue (360, dark)');
    await screenshot(page, 'schedule-queue-360-dark');
    await page.locator(`[data-question-id="${id}"]`).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-card-360-dark');
    // Leave no schedule behind for other tests on this stack.
    expect((await context.request.delete(`/api/admin/questions/${id}/schedule`)).status()).toBe(200);
  } finally {
    await context.close();
  }
});
