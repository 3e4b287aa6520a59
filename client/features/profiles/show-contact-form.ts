/**
 * The contact form sits beside the storefront (below it on a phone): bring its message field into view and into
 * focus, or for a guest the button that signs in to write. Nothing happens while there is neither (a form whose
 * code is still loading: it calls this itself once it is shown for a visitor who came to ask).
 */
export const showContactForm = () =>
  requestAnimationFrame(() => {
    const field =
      document.querySelector<HTMLElement>('[data-contact-message]') ??
      document.querySelector<HTMLElement>('[data-contact-signin]');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus();
  });
