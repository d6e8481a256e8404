/// The nginx template: see ``ServerConfig`` for its @TOKENS@ and `#@production` regions.
let nginxTemplate = #"""
# nginx: every branch preview@AND_PRODUCTION@ of a Galley blog.
#
@WHAT_IS_SERVED@
#
# Works with nginx 1.22 (Debian 12) and later; read inside the http block, so put it in
# /etc/nginx/sites-enabled/. Needs a DNS record and a wildcard certificate for *.@DOMAIN@
# (the docs say how to get one)@PRODUCTION_NEEDS@.
# Made by: @COMMAND@
#
# HTTP/2 is asked for on the listen lines: `http2 on;` came in nginx 1.25.1 and older versions
# refuse to load a file that has it, while newer ones still take this form (with a warning).

# Posts moved from Jekyll, or from a site behind Netlify's pretty URLs, are linked at their old
# `.html` addresses (/2015/10/19/hello.html) where Galley publishes the folder /2015/10/19/hello/.
# A missing `.html` address whose folder has an index.html is sent there, as Netlify does.
map $uri $galley_folder_of_html {
    "~^(?<galley_stem>/.+)\.html$" $galley_stem/;
    default "";
}

# Any other name, or none, gets no site: the TLS handshake is refused when the client names an
# unknown host, and a request whose Host header names one is answered 421. If another site on
# this server is already the default_server for port 443, drop this block.
server {
    listen 443 ssl http2 default_server;
    listen [::]:443 ssl http2 default_server;
    server_name _;
    ssl_reject_handshake on;
    return 421;
}

# Previews.
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;

    # Only one valid DNS label reaches the file system: lowercase letters, digits and inner
    # hyphens, 1 to 63 of them, so no dots, slashes or '..'. nginx lowercases the Host header
    # before matching. Quoted because nginx would read the braces as a block.
    server_name "~^(?<preview>[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.@DOMAIN_RE@$";
    root @ROOT@/$preview.@DOMAIN@;

    ssl_certificate     /etc/letsencrypt/live/@DOMAIN@/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/@DOMAIN@/privkey.pem;

    # Previews change with every push: browsers check again each time, and search engines stay
    # out even of files that are not HTML. `always` puts them on errors and redirects too.
    add_header Cache-Control "no-cache" always;
    add_header X-Robots-Tag "noindex" always;

    index index.html;
    error_page 404 /404.html;
    location / {
        try_files $uri $uri/ @galley_html;
    }
    location @galley_html {
        if (-f "$document_root${galley_folder_of_html}index.html") {
            return 301 $galley_folder_of_html;
        }
        return 404;
    }
}

#@production
# Production: the site at its own address, open to search engines.
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name @PRODUCTION_DOMAIN@;
    root @PRODUCTION_ROOT@/current;

    ssl_certificate     /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/privkey.pem;

    index index.html;
    error_page 404 /404.html;
    location / {
        try_files $uri $uri/ @galley_html;
    }
    location @galley_html {
        if (-f "$document_root${galley_folder_of_html}index.html") {
            return 301 $galley_folder_of_html;
        }
        return 404;
    }
}

# www.@PRODUCTION_DOMAIN@ is sent to the one address the site's base_url names (swap the two names if
# your base_url has the www).
server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name www.@PRODUCTION_DOMAIN@;

    ssl_certificate     /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/@PRODUCTION_DOMAIN@/privkey.pem;

    return 301 https://@PRODUCTION_DOMAIN@$request_uri;
}

#@end
# Plain HTTP only sends readers to HTTPS.
server {
    listen 80;
    listen [::]:80;
    server_name @HTTP_NAMES@;
    return 301 https://$host$request_uri;
}
"""#
