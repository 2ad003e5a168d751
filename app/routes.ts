import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every screen's routes, by the URL they answer. A sidebar area's routes, its UI and its route-level
 * server code sit in one folder, app/routes/<area>/ (docs/conventions.md, "Where code goes"). The ids
 * are the ones the routes had as flat files: useRouteLoaderData and the tests name them.
 */
export default [
  route("login", "routes/auth/login.tsx", { id: "routes/login" }),
  route("logout", "routes/auth/logout.tsx", { id: "routes/logout" }),
  route("files/:fileId", "routes/files/$fileId.tsx", { id: "routes/files.$fileId" }),
  layout("routes/layout/app-layout.tsx", { id: "routes/_app" }, [
    route("box-score.xlsx", "routes/box-score/box-score.xlsx.tsx", { id: "routes/_app.box-score[.]xlsx" }),
    route("box-score", "routes/box-score/route.tsx", { id: "routes/_app.box-score" }),
    route("chatbot-documents", "routes/chatbot-documents/route.tsx", { id: "routes/_app.chatbot-documents" }, [
      route(":assistantId/chat", "routes/chatbot-documents/$assistantId.chat.tsx", {
        id: "routes/_app.chatbot-documents.$assistantId_.chat",
      }),
      route(":assistantId/delete", "routes/chatbot-documents/$assistantId.delete.tsx", {
        id: "routes/_app.chatbot-documents.$assistantId_.delete",
      }),
      route(":assistantId/documents/:documentId/delete", "routes/chatbot-documents/$assistantId.documents.$documentId.delete.tsx", {
        id: "routes/_app.chatbot-documents.$assistantId_.documents.$documentId_.delete",
      }),
      route(":assistantId/documents/:documentId", "routes/chatbot-documents/$assistantId.documents.$documentId.tsx", {
        id: "routes/_app.chatbot-documents.$assistantId_.documents.$documentId",
      }),
      route(":assistantId", "routes/chatbot-documents/$assistantId.tsx", { id: "routes/_app.chatbot-documents.$assistantId" }),
      route("new", "routes/chatbot-documents/new.tsx", { id: "routes/_app.chatbot-documents.new" }),
    ]),
    route("feedback-invoices", "routes/feedback-invoices/route.tsx", { id: "routes/_app.feedback-invoices" }, [
      route(":saleId/resend", "routes/feedback-invoices/$saleId.resend.tsx", { id: "routes/_app.feedback-invoices.$saleId_.resend" }),
      route(":saleId", "routes/feedback-invoices/$saleId.tsx", { id: "routes/_app.feedback-invoices.$saleId" }),
    ]),
    route("feedback", "routes/layout/feedback.tsx", { id: "routes/_app.feedback" }),
    route("*", "routes/layout/not-found.tsx", { id: "routes/_app.$" }),
    route("logs/feedback", "routes/logs/feedback.tsx", { id: "routes/_app.logs_.feedback" }),
    route("logs", "routes/logs/route.tsx", { id: "routes/_app.logs" }, [
      route(":logId", "routes/logs/$logId.tsx", { id: "routes/_app.logs.$logId" }),
    ]),
    route("messages", "routes/messages/route.tsx", { id: "routes/_app.messages" }, [
      route(":conversationId", "routes/messages/$conversationId.tsx", { id: "routes/_app.messages.$conversationId" }),
      route("attachments/:fileId", "routes/messages/attachments.$fileId.tsx", { id: "routes/_app.messages.attachments.$fileId" }),
      route("templates", "routes/messages/templates.tsx", { id: "routes/_app.messages.templates" }),
    ]),
    route("orders", "routes/orders/route.tsx", { id: "routes/_app.orders" }, [
      route(":orderId", "routes/orders/$orderId.tsx", { id: "routes/_app.orders.$orderId" }, [
        route("label", "routes/orders/$orderId.label.tsx", { id: "routes/_app.orders.$orderId.label" }),
      ]),
      route("filters", "routes/orders/filters.tsx", { id: "routes/_app.orders.filters" }),
      route("labels", "routes/orders/labels.tsx", { id: "routes/_app.orders.labels" }),
      route("reports", "routes/orders/reports.tsx", { id: "routes/_app.orders.reports" }, [
        route("download", "routes/orders/reports.download.tsx", { id: "routes/_app.orders.reports.download" }),
      ]),
    ]),
    route("pdv", "routes/pdv/route.tsx", { id: "routes/_app.pdv" }, [
      route("authorize", "routes/pdv/authorize.tsx", { id: "routes/_app.pdv.authorize" }),
      route("close", "routes/pdv/close.tsx", { id: "routes/_app.pdv.close" }),
      route("last-cut", "routes/pdv/last-cut.tsx", { id: "routes/_app.pdv.last-cut" }),
      route("last-sale", "routes/pdv/last-sale.tsx", { id: "routes/_app.pdv.last-sale" }),
      route("pay", "routes/pdv/pay.tsx", { id: "routes/_app.pdv.pay" }),
      route("sales/:saleId/activate", "routes/pdv/sales.$saleId.activate.tsx", { id: "routes/_app.pdv.sales.$saleId.activate" }),
      route("sales/:saleId/cancel", "routes/pdv/sales.$saleId.cancel.tsx", { id: "routes/_app.pdv.sales.$saleId.cancel" }),
      route("sales/:saleId/movements", "routes/pdv/sales.$saleId.movements.tsx", { id: "routes/_app.pdv.sales.$saleId.movements" }),
      route("sales/:saleId/ticket.pdf", "routes/pdv/sales.$saleId.ticket.pdf.tsx", { id: "routes/_app.pdv.sales.$saleId.ticket[.]pdf" }),
      route("sales/:saleId/ticket", "routes/pdv/sales.$saleId.ticket.tsx", { id: "routes/_app.pdv.sales.$saleId.ticket" }),
      route("sessions/:sessionId/slip.pdf", "routes/pdv/sessions.$sessionId.slip.pdf.tsx", {
        id: "routes/_app.pdv.sessions.$sessionId.slip[.]pdf",
      }),
      route("sessions/:sessionId/slip", "routes/pdv/sessions.$sessionId.slip.tsx", { id: "routes/_app.pdv.sessions.$sessionId.slip" }),
    ]),
    route("products/quotes", "routes/products/quotes.tsx", { id: "routes/_app.products_.quotes" }, [
      route(":folio/pdf", "routes/products/quotes.$folio.pdf.tsx", { id: "routes/_app.products_.quotes.$folio_.pdf" }),
      route(":folio", "routes/products/quotes.$folio.tsx", { id: "routes/_app.products_.quotes.$folio" }),
      route(":folio/xlsx", "routes/products/quotes.$folio.xlsx.tsx", { id: "routes/_app.products_.quotes.$folio_.xlsx" }),
    ]),
    route("products", "routes/products/route.tsx", { id: "routes/_app.products" }, [
      route("clients", "routes/products/clients.tsx", { id: "routes/_app.products.clients" }),
      route("quotation.pdf", "routes/products/quotation.pdf.tsx", { id: "routes/_app.products.quotation[.]pdf" }),
      route("quotation", "routes/products/quotation.tsx", { id: "routes/_app.products.quotation" }),
      route("quotation.xlsx", "routes/products/quotation.xlsx.tsx", { id: "routes/_app.products.quotation[.]xlsx" }),
    ]),
    route("publications", "routes/publications/route.tsx", { id: "routes/_app.publications" }, [
      route(":id", "routes/publications/$id.tsx", { id: "routes/_app.publications.$id" }),
      route("new", "routes/publications/new.tsx", { id: "routes/_app.publications.new" }),
      route("products", "routes/publications/products.tsx", { id: "routes/_app.publications.products" }),
      route("sales-report", "routes/publications/sales-report.tsx", { id: "routes/_app.publications.sales-report" }),
      route("sales-report.xlsx", "routes/publications/sales-report.xlsx.tsx", { id: "routes/_app.publications.sales-report[.]xlsx" }),
      route("stock-report", "routes/publications/stock-report.tsx", { id: "routes/_app.publications.stock-report" }),
      route("stock-report.xlsx", "routes/publications/stock-report.xlsx.tsx", { id: "routes/_app.publications.stock-report[.]xlsx" }),
      route("unsynced.xlsx", "routes/publications/unsynced.xlsx.tsx", { id: "routes/_app.publications.unsynced[.]xlsx" }),
    ]),
    route("questions", "routes/questions/route.tsx", { id: "routes/_app.questions" }, [
      route(":questionId/:moderation", "routes/questions/$questionId.$moderation.tsx", {
        id: "routes/_app.questions.$questionId.$moderation",
      }),
      route("fast-answers", "routes/questions/fast-answers.tsx", { id: "routes/_app.questions.fast-answers" }),
    ]),
    route("quotations", "routes/quotations/route.tsx", { id: "routes/_app.quotations" }, [
      route("agents", "routes/quotations/agents.tsx", { id: "routes/_app.quotations.agents" }),
      route("items", "routes/quotations/items.tsx", { id: "routes/_app.quotations.items" }),
    ]),
    route("banner-home", "routes/shop/banner-home.tsx", { id: "routes/_app.banner-home" }),
    route("blog-posts", "routes/shop/blog-posts.tsx", { id: "routes/_app.blog-posts" }, [
      route(":postId/preview", "routes/shop/blog-posts.$postId.preview.tsx", { id: "routes/_app.blog-posts.$postId_.preview" }),
      route(":postId", "routes/shop/blog-posts.$postId.tsx", { id: "routes/_app.blog-posts.$postId" }),
      route("new", "routes/shop/blog-posts.new.tsx", { id: "routes/_app.blog-posts.new" }),
    ]),
    route("catalogs", "routes/shop/catalogs.tsx", { id: "routes/_app.catalogs" }, [
      route(":catalogId/delete", "routes/shop/catalogs.$catalogId.delete.tsx", { id: "routes/_app.catalogs.$catalogId_.delete" }),
      route(":catalogId", "routes/shop/catalogs.$catalogId.tsx", { id: "routes/_app.catalogs.$catalogId" }),
      route("new", "routes/shop/catalogs.new.tsx", { id: "routes/_app.catalogs.new" }),
    ]),
    route("ecommerce", "routes/shop/ecommerce.tsx", { id: "routes/_app.ecommerce" }, [
      route(":sectionId", "routes/shop/ecommerce.$sectionId.tsx", { id: "routes/_app.ecommerce.$sectionId" }),
      route("new", "routes/shop/ecommerce.new.tsx", { id: "routes/_app.ecommerce.new" }),
    ]),
    route("locations", "routes/shop/locations.tsx", { id: "routes/_app.locations" }, [
      route(":locationId/delete", "routes/shop/locations.$locationId.delete.tsx", { id: "routes/_app.locations.$locationId_.delete" }),
      route(":locationId", "routes/shop/locations.$locationId.tsx", { id: "routes/_app.locations.$locationId" }),
      route("new", "routes/shop/locations.new.tsx", { id: "routes/_app.locations.new" }),
    ]),
    route("promotions", "routes/shop/promotions.tsx", { id: "routes/_app.promotions" }, [
      route(":promotionId/delete", "routes/shop/promotions.$promotionId.delete.tsx", { id: "routes/_app.promotions.$promotionId_.delete" }),
      route(":promotionId", "routes/shop/promotions.$promotionId.tsx", { id: "routes/_app.promotions.$promotionId" }),
      route("new", "routes/shop/promotions.new.tsx", { id: "routes/_app.promotions.new" }),
    ]),
    route("surtido", "routes/surtido/route.tsx", { id: "routes/_app.surtido" }),
    route("sync", "routes/sync/route.tsx", { id: "routes/_app.sync" }, [
      route("feeds/:feed/resume", "routes/sync/feeds.$feed.resume.tsx", { id: "routes/_app.sync.feeds.$feed.resume" }),
    ]),
    route("product-applications", "routes/taxonomies/product-applications.tsx", { id: "routes/_app.product-applications" }, [
      route(":applicationId/delete", "routes/taxonomies/product-applications.$applicationId.delete.tsx", {
        id: "routes/_app.product-applications.$applicationId_.delete",
      }),
      route(":applicationId", "routes/taxonomies/product-applications.$applicationId.tsx", {
        id: "routes/_app.product-applications.$applicationId",
      }),
      route("new", "routes/taxonomies/product-applications.new.tsx", { id: "routes/_app.product-applications.new" }),
    ]),
    route("product-brands", "routes/taxonomies/product-brands.tsx", { id: "routes/_app.product-brands" }, [
      route(":brandId/delete", "routes/taxonomies/product-brands.$brandId.delete.tsx", {
        id: "routes/_app.product-brands.$brandId_.delete",
      }),
      route(":brandId", "routes/taxonomies/product-brands.$brandId.tsx", { id: "routes/_app.product-brands.$brandId" }, [
        route("files", "routes/taxonomies/product-brands.$brandId.files.tsx", { id: "routes/_app.product-brands.$brandId.files" }),
      ]),
      route("new", "routes/taxonomies/product-brands.new.tsx", { id: "routes/_app.product-brands.new" }, [
        route("files", "routes/taxonomies/product-brands.new.files.tsx", { id: "routes/_app.product-brands.new.files" }),
      ]),
    ]),
    route("product-categories", "routes/taxonomies/product-categories.tsx", { id: "routes/_app.product-categories" }, [
      route(":categoryId/delete", "routes/taxonomies/product-categories.$categoryId.delete.tsx", {
        id: "routes/_app.product-categories.$categoryId_.delete",
      }),
      route(":categoryId", "routes/taxonomies/product-categories.$categoryId.tsx", { id: "routes/_app.product-categories.$categoryId" }, [
        route("files", "routes/taxonomies/product-categories.$categoryId.files.tsx", {
          id: "routes/_app.product-categories.$categoryId.files",
        }),
      ]),
      route("new", "routes/taxonomies/product-categories.new.tsx", { id: "routes/_app.product-categories.new" }, [
        route("files", "routes/taxonomies/product-categories.new.files.tsx", { id: "routes/_app.product-categories.new.files" }),
      ]),
    ]),
    route("product-sectors", "routes/taxonomies/product-sectors.tsx", { id: "routes/_app.product-sectors" }, [
      route(":sectorId/delete", "routes/taxonomies/product-sectors.$sectorId.delete.tsx", {
        id: "routes/_app.product-sectors.$sectorId_.delete",
      }),
      route(":sectorId", "routes/taxonomies/product-sectors.$sectorId.tsx", { id: "routes/_app.product-sectors.$sectorId" }),
      route("new", "routes/taxonomies/product-sectors.new.tsx", { id: "routes/_app.product-sectors.new" }),
    ]),
    route("theme", "routes/theme/route.tsx", { id: "routes/_app.theme" }, [
      route("dialog", "routes/theme/dialog.tsx", { id: "routes/_app.theme.dialog" }),
      route("sample.pdf", "routes/theme/sample.pdf.tsx", { id: "routes/_app.theme.sample[.]pdf" }),
      route("sample.xlsx", "routes/theme/sample.xlsx.tsx", { id: "routes/_app.theme.sample[.]xlsx" }),
    ]),
    route("users", "routes/users/route.tsx", { id: "routes/_app.users" }, [
      route(":userId", "routes/users/$userId.tsx", { id: "routes/_app.users.$userId" }),
      route("new", "routes/users/new.tsx", { id: "routes/_app.users.new" }),
    ]),
    route("web-inventory", "routes/web-inventory/route.tsx", { id: "routes/_app.web-inventory" }, [
      route(":sku/qr", "routes/web-inventory/$sku.qr.tsx", { id: "routes/_app.web-inventory.$sku_.qr" }),
      route(":sku", "routes/web-inventory/$sku.tsx", { id: "routes/_app.web-inventory.$sku" }, [
        route("files", "routes/web-inventory/$sku.files.tsx", { id: "routes/_app.web-inventory.$sku.files" }),
      ]),
      route("combos/:comboId", "routes/web-inventory/combos.$comboId.tsx", { id: "routes/_app.web-inventory.combos.$comboId" }, [
        route("files", "routes/web-inventory/combos.$comboId.files.tsx", { id: "routes/_app.web-inventory.combos.$comboId.files" }),
      ]),
      route("combos/new", "routes/web-inventory/combos.new.tsx", { id: "routes/_app.web-inventory.combos.new" }, [
        route("files", "routes/web-inventory/combos.new.files.tsx", { id: "routes/_app.web-inventory.combos.new.files" }),
      ]),
      route("new", "routes/web-inventory/new.tsx", { id: "routes/_app.web-inventory.new" }, [
        route("files", "routes/web-inventory/new.files.tsx", { id: "routes/_app.web-inventory.new.files" }),
      ]),
    ]),
  ]),
  index("routes/layout/home.tsx", { id: "routes/_index" }),
] satisfies RouteConfig;
