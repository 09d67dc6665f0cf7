/**
 * What was spent (issue 29): the Spending section at the top of the History screen, its totals, its bar chart of the
 * last 12 months and the same months as a table. The months' short names are SpendingSummary.tsx's (as format.ts's).
 */
export const en = {
  'spending.title': 'Spending',
  'spending.today': 'Today',
  'spending.week': 'This week',
  'spending.month': 'This month',
  'spending.spent': 'Spent',
  'spending.uncertain': 'Not known yet',
  'spending.declared': 'You said it went through',
  'spending.months': 'Last 12 months',
  'spending.showTable': 'Show as a table',
  'spending.caption': 'Spending by month',
  'spending.col.month': 'Month',
  'spending.col.declared': 'You said',
  'spending.none': 'Nothing spent yet.',
  'spending.loadFailed': 'Your spending could not be added up.',
  'spending.gmt': 'Days, weeks (from Monday) and months are counted in GMT.',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'spending.title': 'Útgjöld',
  'spending.today': 'Í dag',
  'spending.week': 'Þessa viku',
  'spending.month': 'Þennan mánuð',
  'spending.spent': 'Greitt',
  'spending.uncertain': 'Óvíst enn',
  'spending.declared': 'Þú sagðir greitt',
  'spending.months': 'Síðustu 12 mánuðir',
  'spending.showTable': 'Sýna sem töflu',
  'spending.caption': 'Útgjöld eftir mánuðum',
  'spending.col.month': 'Mánuður',
  'spending.col.declared': 'Þú sagðir greitt',
  'spending.none': 'Ekkert greitt enn.',
  'spending.loadFailed': 'Ekki tókst að taka útgjöldin saman.',
  'spending.gmt': 'Dagar, vikur (frá mánudegi) og mánuðir miðast við GMT.',
};
