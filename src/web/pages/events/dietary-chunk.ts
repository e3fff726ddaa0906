// The dietary form's lazy chunk (issue 22 part 3): the form and its thanks load together, apart from the
// booking's screens (a guest with the link books nothing).

export { DietaryFormPage } from './dietary-form-page';
export { DietarySuccessPage } from './dietary-success-page';
