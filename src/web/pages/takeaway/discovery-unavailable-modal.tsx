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
          {catering
            ? 'None of our kitchens caters for'
            : 'None of our kitchens delivers to, or is near enough to collect from for,'}{' '}
          <strong>{address?.label}</strong> yet.
        </p>
        <p>Our recipe kits bring fresh pasta and everything to go with it to your door, ready in minutes.</p>
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
