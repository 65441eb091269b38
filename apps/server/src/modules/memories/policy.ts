/** A conversation, its messages and memories belong to the member who started it; nobody else sees them. */
export const isOwner = (ownerUserId: string, userId: string): boolean => ownerUserId === userId;
