import { beforeEach, describe, expect, it } from 'vitest';
import { defaultToastTimeoutMs, toToastType, useInterfaceStore } from './interface-store';

beforeEach(() => {
  useInterfaceStore.setState({ toasts: [] });
});

describe('toasts', () => {
  it.each([
    ['secondary', 'secondary'],
    ['info', 'info'],
    ['success', 'success'],
    ['warning', 'warning'],
    ['danger', 'danger'],
    ['error', 'danger'],
    [undefined, 'danger'],
  ])('type %s shows as %s', (type, expected) => {
    expect(toToastType(type)).toBe(expected);
  });

  it('show a code or a text, with actions, for 5000 ms by default, and can be dismissed', () => {
    const { showToast, dismissToast } = useInterfaceStore.getState();
    const id = showToast({ message: { code: 'product.added.to.cart' }, type: 'success', actions: [{ label: 'cart.open', href: '/detailed-cart?type=order' }] });
    showToast({ message: { text: 'Plain text from the server' }, type: 'bogus' });
    const [first, second] = useInterfaceStore.getState().toasts;
    expect(first).toMatchObject({ id, type: 'success', timeout: defaultToastTimeoutMs, message: { code: 'product.added.to.cart' } });
    expect(first?.actions).toHaveLength(1);
    expect(second).toMatchObject({ type: 'danger', message: { text: 'Plain text from the server' } });
    dismissToast(id);
    expect(useInterfaceStore.getState().toasts.map((t) => t.id)).not.toContain(id);
  });
});

describe('modal host state', () => {
  it('opens one modal with props and closes it', () => {
    const { openModal, closeModal } = useInterfaceStore.getState();
    openModal('move-to-other-cart', { sku: 'MAT-1' });
    expect(useInterfaceStore.getState().modal).toMatchObject({ activeModal: 'move-to-other-cart', props: { sku: 'MAT-1' } });
    closeModal();
    expect(useInterfaceStore.getState().modal.activeModal).toBeNull();
  });
});
