import type { SpendingTotals } from '../../../../common/spending.ts';

/** What a period's totals count: spent, not known yet, and what the customer said went through. */
export const counted = (totals: SpendingTotals): number => totals.spent + totals.uncertain + totals.declared;
