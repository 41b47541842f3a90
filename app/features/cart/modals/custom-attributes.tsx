import { useId, useState } from 'react';
import type { HostedModalProps } from '../../../components/modal-host';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import { useCartStore } from '../../../stores/cart-store';
import { customAttributesFromRows, rowsFromCustomAttributes, type AttributeRow } from '../line-details';
import { PlusGlyph, TrashGlyph } from '../cart-page-glyphs';
import { useModalLine } from './use-modal-line';

type DraftRow = AttributeRow & { id: number };

const field = 'h-9 w-full rounded-md border border-zinc-300 px-2';
/** The basket API's limits (server/api/basket): 30 attributes, names up to 100 and values up to 500 characters. */
const maxRows = 30;
let rowSequence = 0;
const draftRow = (row: AttributeRow = { name: '', value: '' }): DraftRow => ({ ...row, id: ++rowSequence });

/**
 * The buyer's own notes on a line (the custom attributes modal), e.g. a job reference
 * printed on the delivery note. A blank value is kept as a space.
 */
export default function CustomAttributesModal({ props, onClose }: HostedModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const updateDetails = useCartStore((state) => state.updateDetails);
  const { identity, line } = useModalLine(props);
  const [rows, setRows] = useState<DraftRow[]>(() => {
    const stored = rowsFromCustomAttributes(line?.customAttributes ?? null).map(draftRow);
    return stored.length > 0 ? stored : [draftRow()];
  });
  const update = (id: number, change: Partial<AttributeRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  async function save() {
    if (!identity || !line) return;
    if (await updateDetails(identity, { customAttributes: customAttributesFromRows(rows) })) onClose();
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      testId="custom-attributes-modal"
      title={t('cart.attributes.title')}
      description={line ? t('cart.attributes.description', { name: line.name }) : t('cart.line.gone')}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={!line} data-testid="attributes-save">
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
          void save();
        }}
      >
        <div className="grid grid-cols-[1fr_1.5fr_2.5rem] gap-2 text-xs font-medium text-zinc-600" aria-hidden="true">
          <span>{t('cart.attributes.name')}</span>
          <span>{t('cart.attributes.value')}</span>
        </div>
        {rows.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[1fr_1.5fr_2.5rem] items-center gap-2">
            <input className={field} maxLength={100} aria-label={t('cart.attributes.name.row', { number: index + 1 })} value={row.name} onChange={(e) => update(row.id, { name: e.target.value })} />
            <input className={field} maxLength={500} aria-label={t('cart.attributes.value.row', { number: index + 1 })} value={row.value} onChange={(e) => update(row.id, { value: e.target.value })} />
            <Button variant="ghost" size="icon" aria-label={t('cart.attributes.remove.row', { number: index + 1 })} onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}>
              <TrashGlyph className="size-4" />
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" disabled={rows.length >= maxRows} onClick={() => setRows((current) => [...current, draftRow()])}>
          <PlusGlyph />
          {t('cart.attributes.add.row')}
        </Button>
      </form>
    </Modal>
  );
}
