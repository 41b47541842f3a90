import { useId, useState } from 'react';
import { isValidBatchMultiple } from '../../../../core/quantity';
import type { HostedModalProps } from '../../../components/modal-host';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { useConfiguration } from '../../session/use-root-data';
import { cleanPacks, packsTotal } from '../line-details';
import { PlusGlyph, TrashGlyph } from '../cart-page-glyphs';
import { useModalLine } from './use-modal-line';

interface DraftRow {
  id: number;
  quantity: string;
  size: string;
}

const field = 'price h-9 w-full rounded-md border border-zinc-300 px-2 text-right';
let rowSequence = 0;
const draftRow = (quantity = '', size = ''): DraftRow => ({ id: ++rowSequence, quantity, size });

/**
 * How an order line is packed (the packs modal): a number of packages per package size.
 * The packages together make the line's quantity, so the quantity follows them when they are saved.
 */
export default function PacksModal({ props, onClose }: HostedModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { isBatchSizeActive } = useConfiguration();
  const updateDetails = useCartStore((state) => state.updateDetails);
  const { identity, line } = useModalLine(props);
  const [rows, setRows] = useState<DraftRow[]>(() =>
    line?.packs?.length ? line.packs.map((pack) => draftRow(String(pack.quantity), String(pack.size))) : [draftRow('', String(Math.max(1, line?.salesBatchSize ?? 1)))],
  );
  const packs = cleanPacks(rows);
  const total = packsTotal(packs);
  const batchOk = line ? isValidBatchMultiple(total, line.salesBatchSize, isBatchSizeActive) : false;
  const canSave = Boolean(line) && total > 0 && batchOk;
  const update = (id: number, change: Partial<DraftRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  async function save(clear: boolean) {
    if (!identity || !line) return;
    const saved = await updateDetails(identity, clear ? { packs: null } : { packs, quantity: total });
    if (saved) onClose();
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      testId="packs-modal"
      title={t('cart.packs.title')}
      description={line ? t('cart.packs.description', { name: line.name }) : t('cart.line.gone')}
      footer={
        <>
          {line?.packs ? (
            <Button variant="ghost" onClick={() => void save(true)}>
              {t('cart.packs.clear')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={!canSave} data-testid="packs-save">
            {t('cart.modal.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void save(false);
        }}
      >
        <div className="grid grid-cols-[1fr_1fr_2.5rem] gap-2 text-xs font-medium text-zinc-600" aria-hidden="true">
          <span>{t('cart.packs.count')}</span>
          <span>{t('cart.packs.size')}</span>
        </div>
        {rows.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[1fr_1fr_2.5rem] items-center gap-2">
            <input className={field} type="number" min={0} inputMode="numeric" aria-label={t('cart.packs.count.row', { number: index + 1 })} value={row.quantity} onChange={(e) => update(row.id, { quantity: e.target.value })} />
            <input className={field} type="number" min={1} inputMode="numeric" aria-label={t('cart.packs.size.row', { number: index + 1 })} value={row.size} onChange={(e) => update(row.id, { size: e.target.value })} />
            <Button variant="ghost" size="icon" aria-label={t('cart.packs.remove.row', { number: index + 1 })} disabled={rows.length === 1} onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}>
              <TrashGlyph className="size-4" />
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => setRows((current) => [...current, draftRow()])} disabled={rows.length >= 50}>
          <PlusGlyph />
          {t('cart.packs.add.row')}
        </Button>
        <p className="price text-sm text-zinc-800" aria-live="polite">
          {t('cart.packs.total', { total })}
        </p>
        {total > 0 && !batchOk ? <p className="text-sm text-danger">{t('cart.invalid.batch.quantity')}</p> : null}
      </form>
    </Modal>
  );
}
