/** Every cookie the portal sets; a new cookie must be listed here before it ships. */
export function CookieTable() {
  return (
    <table className="table">
      <caption>Cookies déposés par le portail</caption>
      <thead>
        <tr>
          <th scope="col">Nom</th>
          <th scope="col">Rôle</th>
          <th scope="col">Durée</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>
            <code>portail_session</code> (<code>__Host-portail_session</code> en production)
          </td>
          <td>Cookie de session : vous garde connecté et mémorise le client pour lequel vous agissez.</td>
          <td>Jusqu'à la déconnexion ou l'expiration de la session</td>
        </tr>
        <tr>
          <td>
            <code>portail_toast</code>
          </td>
          <td>Affiche une seule fois un message de confirmation après une action (par exemple la déconnexion).</td>
          <td>1 minute au plus, effacé dès l'affichage</td>
        </tr>
      </tbody>
    </table>
  );
}
