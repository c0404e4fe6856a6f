/** px left between an element's bottom edge and the window's foot (what a dropdown may open into). */
export function spaceBelow(element: Element): number {
  return window.innerHeight - element.getBoundingClientRect().bottom;
}
