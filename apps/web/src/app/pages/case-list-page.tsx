import { OrganizationName } from '../../features/organizations/components/quick-glance.tsx';
import { CreateBatchDialog } from '../../features/batches/components/create-batch-dialog.tsx';
import { CaseListPage as CaseList } from '../../features/patients/pages/case-list-page.tsx';
import { ShipmentCaseLabels } from '../../features/shipments/components/shipment-case-labels.tsx';
import { ShipmentGroupActions } from '../../features/shipments/components/shipment-group-actions.tsx';

/**
 * /patients-page: the management case list with the organizations' quick glance on names, the
 * batches' creation dialog in batch mode, and the shipments' labels and bundle actions in the
 * shipping view.
 */
export function CaseListPage() {
  return (
    <CaseList
      OrganizationName={OrganizationName}
      CreateBatchDialog={CreateBatchDialog}
      ShipmentGroupActions={ShipmentGroupActions}
      ShipmentCaseLabels={ShipmentCaseLabels}
    />
  );
}
