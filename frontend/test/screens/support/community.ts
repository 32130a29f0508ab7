/** The cells' text of each row of the table body under `selector`, as the player reads them. */
export function tableCells(selector: string): string[][] {
  return [...document.querySelectorAll(`${selector} tbody tr`)].map((row) =>
    [...row.children].map((cell) => (cell.textContent ?? '').trim()),
  );
}
