import { Form, useNavigation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useTranslation } from '../../lib/i18n';
import { checkoutIntents } from './checkout-intents';

/**
 * The one-click fix for lines short of stock: posts intent=reduceToAvailable to the checkout's action,
 * which works out the quantities itself from today's stock. A plain form, so it works without
 * JavaScript; the buttons of the place-order form are not involved.
 */
export function ReduceToAvailableForm() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const reducing = navigation.state !== 'idle' && navigation.formData?.get('intent') === checkoutIntents.reduceToAvailable;
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value={checkoutIntents.reduceToAvailable} />
      <button
        type="submit"
        disabled={reducing}
        data-testid="reduce-to-available"
        className={buttonClasses('secondary', 'md', 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand')}
      >
        {reducing ? <Spinner className="size-4" /> : null}
        {t('checkout.stock.reduce')}
      </button>
    </Form>
  );
}
