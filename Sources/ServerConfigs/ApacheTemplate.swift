/// The apache template: see ``ServerConfig`` for its @TOKENS@ and `#@production` regions.
let apacheTemplate = #"""
# Apache 2.4: every branch preview@AND_PRODUCTION@ of a Galley blog.
#
@WHAT_IS_SERVED@
#
# Needs mod_ssl, mod_rewrite, mod_headers and mod_vhost_alias (on Debian: a2enmod ssl rewrite
# headers vhost_alias; loading stops with a message naming any that is missing), besides
# mod_dir, mod_mime and mod_authz_core, which Debian enables from the start; and `Listen 443`
# and `Listen 80`, which Debian's ports.conf has. Needs a DNS record and a wildcard certificate
# for *.@DOMAIN@ (the docs say how to get one)@PRODUCTION_NEEDS@. Put it in
# /etc/apache2/sites-available/ and a2ensite it.
# Made by: @COMMAND@

<IfModule !ssl_module>
    Error "Galley's site config needs mod_ssl: a2enmod ssl"
</IfModule>
<IfModule !rewrite_module>
    Error "Galley's site config needs mod_rewrite: a2enmod rewrite"
</IfModule>
<IfModule !headers_module>
    Error "Galley's site config needs mod_headers: a2enmod headers"
</IfModule>
<IfModule !vhost_alias_module>
    Error "Galley's site config needs mod_vhost_alias: a2enmod vhost_alias"
</IfModule>

# Previews. First in the file so that it also answers names no other site claims, which it turns
# away before they reach the file system.
<VirtualHost *:443>
    ServerName @DOMAIN@
    ServerAlias *.@DOMAIN@
    # SERVER_NAME is then the Host header, which Apache has checked (no '/', no '..') and lowercased.
    UseCanonicalName Off

    # Only one valid DNS label reaches the file system: lowercase letters, digits and inner
    # hyphens, 1 to 63 of them, so no dots, slashes or '..'. Any other name is answered 421
    # before VirtualDocumentRoot makes a path of it (mod_rewrite runs first).
    RewriteEngine On
    RewriteCond %{SERVER_NAME} !^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.@DOMAIN_RE@$
    RewriteRule ^ - [R=421,L]
    # %0 is that whole name.
    VirtualDocumentRoot @ROOT@/%0

    <Directory @ROOT@>
        Options FollowSymLinks
        AllowOverride None
        Require all granted
        DirectoryIndex index.html
        # A missing `.html` address (/2015/10/19/hello.html, as Jekyll and Netlify's pretty URLs
        # had it) whose folder has an index.html is sent to that folder, /2015/10/19/hello/.
        RewriteEngine On
        RewriteCond %{REQUEST_FILENAME} !-f
        RewriteCond %{REQUEST_FILENAME} ^(.+)\.html$
        RewriteCond %1/index.html -f
        RewriteCond %{REQUEST_URI} ^(/.+)\.html$
        RewriteRule ^ %1/ [R=301,L]
    </Directory>
    # Galley's bookkeeping (manifest, releases, lock) is never served by its own name.
    <DirectoryMatch "^@ROOT_RE@/\.galley">
        Require all denied
    </DirectoryMatch>
    ErrorDocument 404 /404.html

    # Previews change with every push: browsers check again each time, and search engines stay
    # out even of files that are not HTML. `always` puts them on errors and redirects too.
    Header always set Cache-Control "no-cache"
    Header always set X-Robots-Tag "noindex"

    SSLEngine on
    SSLCertificateFile    /etc/letsencrypt/live/@DOMAIN@/fullchain.pem
    SSLCertificateKeyFile /etc/letsencrypt/live/@DOMAIN@/privkey.pem
</VirtualHost>

#@production
# Production: the site at its own address, open to search engines.
<VirtualHost *:443>
    ServerName @PRODUCTION_DOMAIN@
    DocumentRoot @PRODUCTION_ROOT@/current

    <Directory @PRODUCTION_ROOT@/current>
        Options FollowSymLinks
        AllowOverride None
        Require all granted
        DirectoryIndex index.html
        # A missing `.html` address (/2015/10/19/hello.html, as Jekyll and Netlify's pretty URLs
        # had it) whose folder has an index.html is sent to that folder, /2015/10/19/hello/.
        RewriteEngine On
        RewriteCond %{REQUEST_FILENAME} !-f
        RewriteCond %{REQUEST_FILENAME} ^(.+)\.html$
        RewriteCond %1/index.html -f
        RewriteCond %{REQUEST_URI} ^(/.+)\.html$
        RewriteRule ^ %1/ [R=301,L]
    </Directory>
    ErrorDocument 404 /404.html

    SSLEngine on
    SSLCertificateFile    /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/fullchain.pem
    SSLCertificateKeyFile /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/privkey.pem
</VirtualHost>

# www.@PRODUCTION_DOMAIN@ is sent to the one address the site's base_url names (swap the two names if
# your base_url has the www).
<VirtualHost *:443>
    ServerName www.@PRODUCTION_DOMAIN@
    RewriteEngine On
    RewriteRule ^ https://@PRODUCTION_DOMAIN@%{REQUEST_URI} [R=301,L]

    SSLEngine on
    SSLCertificateFile    /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/fullchain.pem
    SSLCertificateKeyFile /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/privkey.pem
</VirtualHost>

#@end
# Plain HTTP only sends readers to HTTPS.
<VirtualHost *:80>
    ServerName @HTTP_NAME@
    ServerAlias @HTTP_ALIASES@
    UseCanonicalName Off
    RewriteEngine On
    RewriteRule ^ https://%{SERVER_NAME}%{REQUEST_URI} [R=301,L]
</VirtualHost>
"""#
