import { Link } from 'react-router';
import type { ChosenAddress } from '../../features/takeaway/discovery-suggestions';
import { SWITCH_FAILURES } from '../../features/takeaway/discovery-switch';
import { Dialog } from '../../shared/ui/dialog';

// The Takeaway-unavailable modal (spec §4 Other flows): no restaurant serves the address. Two exits: get a
// recipe kit (the recipe-kit menu) or check a different address.

export function UnavailableModal({
  address,
  catering,
  onClose,
  onOtherAddress,
}: {
  address: ChosenAddress | null;
  catering: boolean;
  onClose: () => void;
  onOtherAddress: () => void;
}) {
  return (
    <Dialog
      open={address !== null}
      onClose={onClose}
      title={SWITCH_FAILURES['no-restaurants']}
      name="takeaway_unavailable"
      className="unavailable-dialog"
    >
      <div className="unavailable">
        <p>
          We don’t have a kitchen near <strong>{address?.label}</strong> yet:{' '}
          {catering
            ? 'none of our restaurants caters there.'
            : 'none of our restaurants delivers there or is close enough to collect from.'}
        </p>
        <p>
          You can still order our recipe kits: fresh pasta and everything to go with it, ready in minutes.
        </p>
        <div className="unavailable__actions">
          <Link to="/menu" className="button button--primary">
            Get a recipe kit
          </Link>
          <button type="button" className="button button--secondary" onClick={onOtherAddress}>
            Check a different address
          </button>
        </div>
      </div>
    </Dialog>
  );
}
