import { ArchWireLibrariesCard } from './arch-wire-libraries-card.tsx';
import { BracketsSection } from './brackets-section.tsx';

/** The organization page's library sections: Brackets (`#brackets`) and Archwire Libraries. */
export function OrganizationLibrarySections({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  return (
    <>
      <BracketsSection organizationId={organizationId} readOnly={readOnly} />
      <ArchWireLibrariesCard organizationId={organizationId} readOnly={readOnly} />
    </>
  );
}
