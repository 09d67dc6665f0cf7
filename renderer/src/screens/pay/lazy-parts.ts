import { lazyPart } from '../../components/LazyPart.tsx';

/**
 * The pay screen's parts that paying does not need, loaded the first time they open: import them from here, not
 * from their files, or their code is back in the window's first load (`npm run bench:ui` measures it).
 */
export const ScheduleEditor = lazyPart(() => import('./ScheduleEditor.tsx').then((m) => m.ScheduleEditor));
export const RequestMoneyDialog = lazyPart(() => import('./RequestMoney.tsx').then((m) => m.RequestMoneyDialog));
