import { useTranslation } from '../../lib/i18n';
import { Button, buttonClasses } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useInterfaceStore } from '../../stores/interface-store';
import { LoginForm } from '../layout/login-form';

/** Shown when a guest tries the cart or wishlist: log in fully first. */
export function GuestLoginModal() {
  const { t } = useTranslation();
  const open = useInterfaceStore((state) => state.guestLoginModalOpen);
  const setOpen = useInterfaceStore((state) => state.setGuestLoginModalOpen);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      size="sm"
      testId="guest-login-modal"
      title={t('guest.login.title')}
      description={t('guest.login.message')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <LoginForm className={buttonClasses('primary')}>{t('guest.login.action')}</LoginForm>
        </>
      }
    />
  );
}
