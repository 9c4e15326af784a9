// The dashboard's only script: copy buttons and a confirmation before permanent actions.
document.addEventListener('click', async (event) => {
  const button = event.target.closest('button');
  if (!button) return;
  if (button.dataset.copy) {
    const field = document.getElementById(button.dataset.copy);
    await navigator.clipboard.writeText(field.value);
    button.textContent = 'Copied';
  } else if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) {
    event.preventDefault();
  }
});
