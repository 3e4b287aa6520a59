/**
 * The contact form sits beside the storefront (below it on a phone): bring its message field into view and into
 * focus. Nothing happens while there is no field (a guest's sign-in button, or a form whose code is still loading:
 * it calls this itself once it is shown for a visitor who came to ask).
 */
export const showContactForm = () =>
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLTextAreaElement>('[data-contact-message]');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus();
  });
