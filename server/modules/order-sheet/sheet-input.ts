// The rows every order-sheet reader produces; defined in core/ so the browser's paste reader shares them.
export type { OrderSheetTarget, SheetInput, SheetInputRow } from '../../../core/order-sheet-input.ts';
