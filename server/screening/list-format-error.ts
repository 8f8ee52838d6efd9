/**
 * A list file that cannot be read. `location` names the line of a CSV file
 * (`line 12`) or the element of an XML file (`sdnList/sdnEntry[3]/uid`), so an
 * operator can open the file at the fault.
 */
export class ListFormatError extends Error {
  constructor(
    readonly location: string | null,
    readonly reason: string,
  ) {
    super(location ? `${location}: ${reason}` : reason);
    this.name = 'ListFormatError';
  }
}
