import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { UserForm } from '../components/user-form.tsx';

/** /users/add: creates a user, who receives an e-mail to set a password; then opens the user page. */
export function UserAddPage() {
  const create = useCreateUser();
  const navigate = useNavigate();
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Create User
      </Typography>
      <Card component="section" aria-labelledby="user-information-title">
        <CardHeader
          title="User Information"
          slotProps={{ title: { id: 'user-information-title', component: 'h2', variant: 'h6' } }}
        />
        <CardContent>
          <UserForm
            readOnly={false}
            hideRole={false}
            submitLabel="Create"
            onSave={async (values) => {
              const result = await create.mutateAsync(values);
              notifySuccess(result.message);
              navigate(`/users/${result.user.id}`);
            }}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
